import { Badge } from '@mantine/core';
import { ROLE_LABELS, type OrganizationRole } from '@scmp/api/contracts/roles';

const ROLE_COLORS: Record<OrganizationRole, string> = {
  owner: 'grape',
  admin: 'blue',
  billing: 'teal',
  member: 'gray',
};

/** The caller's (or a member's) role in an organization, as a small badge. */
export function RoleBadge({ role, size = 'sm' }: { role: OrganizationRole; size?: 'xs' | 'sm' }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} size={size}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
