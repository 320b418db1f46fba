import { type AppDeps, createInvitation } from '@scmp/api';

/**
 * The demo school as a team: the bursar is a billing member, and one invitation is open (its
 * e-mail, with the link, is in the local outbox at /dev/mail).
 */
export async function seedTeam(
  deps: AppDeps,
  userIds: Record<string, number>,
  organizationIds: Record<string, number>,
): Promise<void> {
  const ownerId = userIds['demo@scmp.test'];
  const bursarId = userIds['bursar@scmp.test'];
  const schoolId = organizationIds.oakfield;
  if (ownerId === undefined || bursarId === undefined || schoolId === undefined) return;
  await deps.db
    .insertInto('organization_members')
    .values({ organization_id: schoolId, user_id: bursarId, role: 'billing' })
    .execute();
  const school = await deps.db
    .selectFrom('organizations')
    .select('uuid')
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  await createInvitation(
    deps,
    { ip: null, userAgent: null },
    { id: ownerId, name: 'Dana Whitfield' },
    school.uuid,
    { email: 'office@scmp.test', role: 'member' },
  );
}
