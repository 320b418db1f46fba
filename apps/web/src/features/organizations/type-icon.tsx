import { IconBuildingCommunity, IconSchool, IconTent } from '@tabler/icons-react';

/** The icon of an organization type (school, camp, other). */
export function OrganizationTypeIcon({ type, size = 24 }: { type: string; size?: number }) {
  if (type === 'school') return <IconSchool size={size} aria-hidden />;
  if (type === 'camp') return <IconTent size={size} aria-hidden />;
  return <IconBuildingCommunity size={size} aria-hidden />;
}

export const ORGANIZATION_TYPE_OPTIONS = [
  { value: 'school', label: 'School' },
  { value: 'camp', label: 'Camp' },
  { value: 'other', label: 'Other' },
];

export function typeLabel(type: string): string {
  return ORGANIZATION_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
}
