import { Badge, type BadgeProps } from '@mantine/core';

/** Colours for the statuses used across the dashboard; unknown values show in a pending style. */
export const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  paid: 'green',
  resolved: 'green',
  succeeded: 'green',
  verified: 'green',
  open: 'blue',
  in_progress: 'indigo',
  provisioning: 'blue',
  pending: 'yellow',
  trialing: 'cyan',
  past_due: 'orange',
  pending_dns: 'yellow',
  expiring: 'orange',
  expired: 'red',
  not_configured: 'gray',
  suspended: 'orange',
  inactive: 'gray',
  closed: 'gray',
  cancelled: 'gray',
  canceled: 'gray',
  terminated: 'red',
  failed: 'red',
  urgent: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusBadgeProps = Omit<BadgeProps, 'children' | 'color'> & {
  status: string;
  /** Overrides the built-in colour map (status → Mantine colour). */
  colors?: Record<string, string>;
  /** Text to show instead of the humanised status. */
  label?: string;
};

/** A badge whose colour follows the status value. */
export function StatusBadge({ status, colors, label, ...props }: StatusBadgeProps) {
  const color = colors?.[status] ?? STATUS_COLORS[status] ?? 'yellow';
  return (
    <Badge color={color} variant="light" {...props}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
