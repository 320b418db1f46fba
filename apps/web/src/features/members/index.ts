/** The public face of features/members: other features and the pages import from here only. */
export * from './MembersPanel';
export * from './RoleBadge';
export * from './RoleGate';
export * from './use-organization-role';
