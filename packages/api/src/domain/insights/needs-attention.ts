import { can } from '../../contracts/roles';
import type { ProblemInstance, TicketFigures } from './overview-queries';
import type {
  AttentionItem,
  AttentionKind,
  AttentionSeverity,
  SubscriptionLine,
} from './customer-overview-schema';
import { DAY_MS } from '../../core/durations';

export type { AttentionItem, AttentionKind, AttentionSeverity };

const SEVERITY_ORDER: Record<AttentionSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** Where the verification e-mail is sent again (the banner of the dashboard home). */
export const VERIFY_EMAIL_LINK = '/dashboard#email-verification';

export function formatDay(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

function billingItems(lines: SubscriptionLine[], graceDays: number): AttentionItem[] {
  const items: AttentionItem[] = [];
  for (const line of lines) {
    if (line.state === 'past_due') {
      const since = line.past_due_since;
      const graceEnds = since ? new Date(new Date(since).getTime() + graceDays * DAY_MS) : null;
      items.push({
        kind: 'payment_past_due',
        severity: 'critical',
        title: `Payment past due for ${line.organization_name}`,
        detail:
          (since ? `The payment has been past due since ${formatDay(since)}. ` : '') +
          'Update the payment method' +
          (graceEnds ? ` before ${formatDay(graceEnds)} to keep the service running.` : '.'),
        link: line.link,
      });
    } else if (line.state === 'suspended') {
      items.push({
        kind: 'service_suspended',
        severity: 'critical',
        title: `Service suspended for ${line.organization_name}`,
        detail:
          (line.past_due_since
            ? `The payment has been past due since ${formatDay(line.past_due_since)}. `
            : '') + 'Pay the outstanding invoice to resume the instances.',
        link: line.link,
      });
    } else if (
      line.organization_status === 'pending' &&
      can(line.role, 'viewBilling') &&
      (line.state === 'none' || line.state === 'expired' || line.state === 'cancelled')
    ) {
      items.push({
        kind: 'organization_pending_payment',
        severity: 'warning',
        title: `${line.organization_name} is waiting for a subscription`,
        detail: 'Choose a plan to activate the organization and deploy its instances.',
        link: line.link,
      });
    }
  }
  return items;
}

function instanceItems(instances: ProblemInstance[]): AttentionItem[] {
  const items: AttentionItem[] = [];
  for (const i of instances) {
    const link = `/dashboard/instances/${i.uuid}`;
    const label = `${i.name} (${i.organization_name})`;
    if (i.status === 'active' && i.last_health_status === 'unhealthy') {
      items.push({
        kind: 'instance_unhealthy',
        severity: 'critical',
        title: `Instance ${label} is unhealthy`,
        detail: i.last_health_check
          ? `The last health check, on ${formatDay(i.last_health_check)}, failed.`
          : 'The last health check failed.',
        link,
      });
    }
    if (i.status === 'suspended') {
      items.push({
        kind: 'instance_suspended',
        severity: 'warning',
        title: `Instance ${label} is suspended`,
        detail: 'Its portal is offline. Resume it from the instance page.',
        link,
      });
    }
    if (i.ssl_status === 'expiring' || i.ssl_status === 'expired' || i.ssl_status === 'failed') {
      const when = i.ssl_expires_at ? formatDay(i.ssl_expires_at) : null;
      const detail =
        i.ssl_status === 'expiring'
          ? `The certificate expires${when ? ` on ${when}` : ' soon'}.`
          : i.ssl_status === 'expired'
            ? `The certificate expired${when ? ` on ${when}` : ''}.`
            : `The certificate could not be obtained${i.ssl_reason ? `: ${i.ssl_reason}` : '.'}`;
      items.push({
        kind: 'certificate',
        severity: i.ssl_status === 'expiring' ? 'warning' : 'critical',
        title: `Certificate ${i.ssl_status === 'failed' ? 'failed' : i.ssl_status} for ${label}`,
        detail,
        link,
      });
    }
  }
  return items;
}

function ticketItems(tickets: TicketFigures): AttentionItem[] {
  return tickets.awaiting.map((t) => ({
    kind: 'staff_reply' as const,
    severity: 'info' as const,
    title: `Support replied to ${t.ticket_number}`,
    detail: `“${t.subject}” has a reply from our team (${formatDay(t.replied_at)}) awaiting your answer.`,
    link: `/dashboard/support?ticket=${t.uuid}`,
  }));
}

/** Every problem, the most severe first (stable within a severity: billing, e-mail, instances, tickets). */
export function needsAttention(input: {
  emailVerified: boolean;
  lines: SubscriptionLine[];
  instances: ProblemInstance[];
  tickets: TicketFigures;
  graceDays: number;
}): AttentionItem[] {
  const items: AttentionItem[] = [
    ...billingItems(input.lines, input.graceDays),
    ...(input.emailVerified
      ? []
      : [
          {
            kind: 'email_unverified' as const,
            severity: 'warning' as const,
            title: 'Your e-mail address is not verified',
            detail: 'Verify it to unlock every feature; we can send the link again.',
            link: VERIFY_EMAIL_LINK,
          },
        ]),
    ...instanceItems(input.instances),
    ...ticketItems(input.tickets),
  ];
  // Array.prototype.sort is stable: the order above holds within a severity.
  return items.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
