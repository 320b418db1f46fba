/**
 * Who may do what in an organization: the one table the server's checks, the web app's buttons
 * and the role-matrix test all read, so they can never disagree. Client-safe (no imports).
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'billing', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** The roles an invitation or a role change may give (there is exactly one owner). */
export const ASSIGNABLE_ROLES = ['admin', 'billing', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  billing: 'Billing',
  member: 'Member',
};

export type OrganizationPermission =
  'view' | 'manage' | 'viewBilling' | 'manageBilling' | 'manageMembers' | 'own';

/** The table of issue 21: each permission with the roles that hold it and what a refusal says. */
export const ORGANIZATION_PERMISSIONS: Record<
  OrganizationPermission,
  { roles: readonly OrganizationRole[]; what: string; denied: string }
> = {
  view: {
    roles: ['owner', 'admin', 'billing', 'member'],
    what: 'see the organization, its instances, branding, members and invitations',
    denied: 'You are not a member of this organization.',
  },
  manage: {
    roles: ['owner', 'admin'],
    what: 'edit the organization and its branding, and deploy, suspend, resume or delete instances',
    denied:
      'Only the owner or an admin can edit this organization, its branding and its instances.',
  },
  viewBilling: {
    roles: ['owner', 'admin', 'billing'],
    what: 'see the subscription, billing history, invoices and their PDFs',
    denied:
      'Only the owner, an admin or a billing member can see the billing of this organization.',
  },
  manageBilling: {
    roles: ['owner', 'billing'],
    what: 'subscribe, change plan, add or remove locations, change the payment method, cancel',
    denied: 'Only the owner or a billing member can change the subscription.',
  },
  manageMembers: {
    roles: ['owner', 'admin'],
    what: 'invite people, revoke invitations, change roles and remove members',
    denied: 'Only the owner or an admin can manage the members of this organization.',
  },
  own: {
    roles: ['owner'],
    what: 'delete the organization and transfer its ownership',
    denied: 'Only the owner can delete this organization or transfer its ownership.',
  },
};

export function can(role: OrganizationRole | null | undefined, permission: OrganizationPermission) {
  return !!role && ORGANIZATION_PERMISSIONS[permission].roles.includes(role);
}

/**
 * The members rules beyond the table: an admin never touches the owner, and only the owner grants
 * or removes `admin`.
 */
export function canChangeMember(
  actor: OrganizationRole,
  target: OrganizationRole,
  newRole?: OrganizationRole,
): boolean {
  if (!can(actor, 'manageMembers')) return false;
  if (target === 'owner' || newRole === 'owner') return false;
  if (actor === 'owner') return true;
  return target !== 'admin' && newRole !== 'admin';
}

export const MEMBER_TEXTS = {
  adminOnlyByOwner: 'Only the owner can grant or remove the admin role.',
  ownerUntouchable:
    'The owner cannot be changed or removed; the owner can transfer ownership instead.',
  ownerMustTransfer: 'Transfer ownership to another member before leaving this organization.',
  alreadyMember: 'This person is already a member of this organization.',
  memberNotFound: 'Member not found',
  invitationNotFound:
    'This invitation is not valid. It may have expired, been used or been revoked.',
  invitationWrongEmail:
    'This invitation was sent to another e-mail address. Sign in with the invited address to accept it.',
  invitationUnverified: 'Verify your e-mail address before accepting an invitation.',
  tooManyInvitations:
    'This organization has 50 open invitations. Revoke some before inviting more.',
  transferToMember: 'Ownership can only be transferred to a member of this organization.',
  invited: 'Invitation sent.',
  invitationRevoked: 'Invitation revoked.',
  invitationAccepted: 'You have joined the organization.',
  invitationDeclined: 'Invitation declined.',
  roleChanged: 'Role updated.',
  memberRemoved: 'Member removed.',
  left: 'You have left the organization.',
  ownershipTransferred: 'Ownership transferred.',
} as const;

/**
 * What the owner is told when removing or demoting a member withdrew the invitations that member
 * had sent: "2 invitations sent by Casey were withdrawn."
 */
export function invitationsWithdrawnText(count: number, inviterName: string): string {
  return count === 1
    ? `1 invitation sent by ${inviterName} was withdrawn.`
    : `${count} invitations sent by ${inviterName} were withdrawn.`;
}

/** Invitations are valid this long and an organization may have this many open at once. */
export const INVITATION_TTL_DAYS = 7;
export const MAX_OPEN_INVITATIONS = 50;
