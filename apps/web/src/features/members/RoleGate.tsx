import {
  can,
  ORGANIZATION_PERMISSIONS,
  type OrganizationPermission,
  type OrganizationRole,
} from '@scmp/api/contracts/roles';
import { cloneElement, lazy, Suspense, type ReactElement } from 'react';

// Tooltip brings floating-ui (15 KB gzip): it loads only on pages where a role refuses an action.
const DeniedTooltip = lazy(() => import('./DeniedTooltip'));

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
  const refused = (
    <span tabIndex={0} style={{ display: 'inline-flex' }} data-denied-reason={reason}>
      {cloneElement(children, { disabled: true })}
    </span>
  );
  return (
    <Suspense fallback={refused}>
      <DeniedTooltip reason={reason}>{refused}</DeniedTooltip>
    </Suspense>
  );
}
