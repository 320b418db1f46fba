/**
 * Memberships: who belongs to an organization with which role, the permission checks every
 * organization-scoped operation starts with, and the e-mail sent on an organization's behalf
 * (to its owner or members). A low area: organizations, billing, instances, webhooks, sso, staff,
 * privacy, branding and custom-domains build on it; it imports none of them.
 */
export {
  assertNotClosing,
  findMemberOrganization,
  requirePermission,
  roleIn,
  type MemberOrganization,
  type OrganizationRow,
} from './membership';
export {
  organizationMail,
  organizationOwner,
  ownerNotice,
  sendOrganizationNotice,
} from './member-mail';
export { endMemberships } from './end-memberships';
export { managedRowFinder } from './managed-row';
