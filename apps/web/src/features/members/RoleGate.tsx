import { Tooltip } from '@mantine/core';
import {
  can,
  ORGANIZATION_PERMISSIONS,
  type OrganizationPermission,
  type OrganizationRole,
} from '@scmp/api/contracts/roles';
import { cloneElement, type ReactElement } from 'react';

export type Gate = { allowed: boolean; reason: string };

/**
 * Whether the caller's role holds a permission, and what a refusal says: read from the same table
 * (packages/api/src/contracts/roles.ts) as the server's checks, so a button is never offered that
 * the server would refuse.
 */
export function gate(
  role: OrganizationRole | null | undefined,
  permission: OrganizationPermission,
): Gate {
  return { allowed: can(role, permission), reason: ORGANIZATION_PERMISSIONS[permission].denied };
}

/**
 * Renders its button as it is when allowed; otherwise disabled, inside a focusable wrapper whose
 * tooltip says why (a disabled button receives no pointer or focus events of its own).
 */
export function RoleGate({
  allowed,
  reason,
  children,
}: Gate & { children: ReactElement<{ disabled?: boolean }> }) {
  if (allowed) return children;
  return (
    <Tooltip label={reason} multiline w={280} withArrow>
      <span tabIndex={0} style={{ display: 'inline-flex' }} data-denied-reason={reason}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}
