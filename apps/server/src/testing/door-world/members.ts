import { insertUser } from './world-users';
import { ok, once, type WorldBase } from './world-helpers';
import { invitationTokenFromMail } from '../organization-rows';

/** Other people of the world: a member, an invitee and a staff user. */
export function memberPieces({ h, tag, ip, rest }: WorldBase, org: () => Promise<string>) {
  const member = once(async () => {
    const other = await insertUser(h, `${tag}-member@example.com`, ip);
    const orgRow = await h.db
      .selectFrom('organizations')
      .select('id')
      .where('uuid', '=', await org())
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('organization_members')
      .values({
        organization_id: orgRow.id,
        user_id: other.id,
        role: 'member',
        joined_at: new Date(),
      })
      .execute();
    return { uuid: other.uuid, token: other.token };
  });
  const invitation = once(async () => {
    const invitee = `${tag}-invitee@example.com`;
    const inviteeUser = await insertUser(h, invitee, ip);
    const res = await rest('POST', `/organizations/${await org()}/invitations`, {
      email: invitee,
      role: 'member',
    });
    ok(res, 'invitation');
    const token = await invitationTokenFromMail(h, invitee);
    return { uuid: res.body.data.uuid as string, token, inviteeToken: inviteeUser.token };
  });
  const staffToken = once(
    async () => (await insertUser(h, `${tag}-staff@example.com`, ip, true)).token,
  );
  return { member, invitation, staffToken };
}
