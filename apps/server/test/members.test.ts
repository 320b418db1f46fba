import { describe, expect, it } from 'vitest';
import { MEMBER_TEXTS } from '@scmp/api/contracts/roles';
import { seedDemoData } from '../src/seed';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { createOrganization, invitationTokenFromMail } from '../src/testing/organization-rows';
import { useHarness } from '../src/testing/use-harness';

/**
 * Organization teams through both doors: members and roles, ownership, and the invitation
 * lifecycle (the e-mail, expiry on the test clock, single use, revoke, wrong e-mail, unverified
 * account, re-invite, a concurrent accept, an organization deleted meanwhile).
 */
let h: TestHarness;
useHarness((made) => (h = made));

type User = Awaited<ReturnType<TestHarness['createUser']>>;

const newOrganization = async (owner: User, name = 'Team School') =>
  (await createOrganization(h, owner.token, { name, type: 'school' })).uuid;

/** The invitation e-mail's token: the only place it exists in clear. */
const tokenFromMail = (email: string) => invitationTokenFromMail(h, email);

async function invite(owner: User, orgUuid: string, email: string, role = 'member') {
  const res = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
    token: owner.token,
    body: { email, role },
  });
  return res;
}

describe('invitations', () => {
  it('invites by e-mail, shows the invitation without sign-in, and lets the invited account join', async () => {
    const owner = await h.createUser({ verified: true, name: 'Olivia Owner' });
    const orgUuid = await newOrganization(owner, 'Meadow Primary');
    const colleague = await h.createUser({ verified: true, name: 'Colin Colleague' });

    const created = await invite(owner, orgUuid, colleague.email.toUpperCase(), 'billing');
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      email: colleague.email.toLowerCase(),
      role: 'billing',
      invited_by: { name: 'Olivia Owner' },
    });
    const stored = await h.db
      .selectFrom('organization_invitations')
      .select('token_hash')
      .executeTakeFirstOrThrow();
    const token = await tokenFromMail(colleague.email.toLowerCase());
    expect(stored.token_hash).not.toContain(token); // only the hash is stored

    const shown = await h.rest('GET', `/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      organization: { uuid: orgUuid, name: 'Meadow Primary' },
      inviter_name: 'Olivia Owner',
      role: 'billing',
      email: colleague.email.toLowerCase(),
    });

    const accepted = await h.rest('POST', `/invitations/${token}/accept`, {
      token: colleague.token,
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ organization_uuid: orgUuid });

    const list = await h.rest('GET', '/organizations', { token: colleague.token });
    expect(list.body.data).toEqual([expect.objectContaining({ uuid: orgUuid, role: 'billing' })]);
    const members = await h.rest('GET', `/organizations/${orgUuid}/members`, {
      token: colleague.token,
    });
    expect(members.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'billing']);

    // Single use: the token is gone for everyone, and the owner was told.
    expect((await h.rest('GET', `/invitations/${token}`)).status).toBe(404);
    const again = await h.rest('POST', `/invitations/${token}/accept`, { token: colleague.token });
    expect(again.status).toBe(404);
    const notice = await h.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', owner.email)
      .where('kind', '=', 'organization-members')
      .execute();
    expect(notice.map((n) => n.subject)).toEqual(['Colin Colleague joined Meadow Primary']);

    // Inviting an existing member answers 409.
    const dup = await invite(owner, orgUuid, colleague.email);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(MEMBER_TEXTS.alreadyMember);
  });

  it('refuses another e-mail and an unverified account, then accepts on the tRPC door', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const invited = await h.createUser({ verified: false });
    const stranger = await h.createUser({ verified: true });
    await invite(owner, orgUuid, invited.email);
    const token = await tokenFromMail(invited.email);

    const wrong = await h.rest('POST', `/invitations/${token}/accept`, { token: stranger.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(MEMBER_TEXTS.invitationWrongEmail);
    const unverified = await h.rest('POST', `/invitations/${token}/accept`, {
      token: invited.token,
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toBe(MEMBER_TEXTS.invitationUnverified);
    const anonymous = await h.rest('POST', `/invitations/${token}/accept`);
    expect(anonymous.status).toBe(401);

    await h.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', invited.id)
      .execute();
    const viaTrpc = await h.trpc(
      'mutation',
      'members.acceptInvitation',
      { token },
      {
        token: invited.token,
      },
    );
    expect(viaTrpc.status, viaTrpc.text).toBe(200);
  });

  it('expires after 7 days on the test clock, and revoke and decline end it', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const a = await h.createUser({ verified: true });
    const b = await h.createUser({ verified: true });
    const c = await h.createUser({ verified: true });

    await invite(owner, orgUuid, a.email);
    const expiring = await tokenFromMail(a.email);
    h.clock.advance(7 * 86_400_000 + 1000);
    expect((await h.rest('GET', `/invitations/${expiring}`)).status).toBe(404);
    expect(
      (await h.rest('POST', `/invitations/${expiring}/accept`, { token: a.token })).status,
    ).toBe(404);

    const revocable = await invite(owner, orgUuid, b.email);
    const revokedToken = await tokenFromMail(b.email);
    const revoked = await h.rest(
      'DELETE',
      `/organizations/${orgUuid}/invitations/${revocable.body.data.uuid}`,
      { token: owner.token },
    );
    expect(revoked.status).toBe(200);
    expect((await h.rest('GET', `/invitations/${revokedToken}`)).status).toBe(404);

    await invite(owner, orgUuid, c.email);
    const declinable = await tokenFromMail(c.email);
    const declined = await h.rest('POST', `/invitations/${declinable}/decline`, { token: c.token });
    expect(declined.status).toBe(200);
    expect(
      (await h.rest('POST', `/invitations/${declinable}/accept`, { token: c.token })).status,
    ).toBe(404);

    const open = await h.rest('GET', `/organizations/${orgUuid}/invitations`, {
      token: owner.token,
    });
    expect(open.body.data).toEqual([]);
  });

  it('re-inviting replaces the open invitation (the old link stops working)', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const invited = await h.createUser({ verified: true });
    await invite(owner, orgUuid, invited.email, 'member');
    const first = await tokenFromMail(invited.email);
    await invite(owner, orgUuid, invited.email, 'billing');
    const second = await tokenFromMail(invited.email);
    expect(second).not.toBe(first);
    expect((await h.rest('GET', `/invitations/${first}`)).status).toBe(404);
    const open = await h.rest('GET', `/organizations/${orgUuid}/invitations`, {
      token: owner.token,
    });
    expect(open.body.data).toHaveLength(1);
    expect(open.body.data[0].role).toBe('billing');
  });

  it('lets exactly one of two concurrent accepts of one token win', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const invited = await h.createUser({ verified: true });
    await invite(owner, orgUuid, invited.email);
    const token = await tokenFromMail(invited.email);
    const [x, y] = await Promise.all([
      h.rest('POST', `/invitations/${token}/accept`, { token: invited.token }),
      h.rest('POST', `/invitations/${token}/accept`, { token: invited.token }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 404]);
    const rows = await h.db
      .selectFrom('organization_members')
      .select('user_id')
      .where('user_id', '=', invited.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an invitation whose organization was deleted', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const invited = await h.createUser({ verified: true });
    await invite(owner, orgUuid, invited.email);
    const token = await tokenFromMail(invited.email);
    expect(
      (await h.rest('DELETE', `/organizations/${orgUuid}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await h.rest('GET', `/invitations/${token}`)).status).toBe(404);
    const accept = await h.rest('POST', `/invitations/${token}/accept`, { token: invited.token });
    expect(accept.status).toBe(404);
  });

  it('is throttled per organization (429 with Retry-After) and never invites more than 50 open', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    let last = await invite(owner, orgUuid, 'first@example.com');
    let sent = 1;
    while (last.status === 201 && sent < 40) {
      last = await invite(owner, orgUuid, `person-${sent}@example.com`);
      sent += 1;
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('members and roles', () => {
  async function teamWith(role: 'admin' | 'billing' | 'member') {
    const owner = await h.createUser({ verified: true, name: 'Owner Person' });
    const orgUuid = await newOrganization(owner);
    const person = await h.createUser({ verified: true, name: 'Team Person' });
    await invite(owner, orgUuid, person.email, role);
    const token = await tokenFromMail(person.email);
    expect(
      (await h.rest('POST', `/invitations/${token}/accept`, { token: person.token })).status,
    ).toBe(200);
    return { owner, orgUuid, person };
  }

  it('only the owner grants admin; an admin manages the others but never the owner', async () => {
    const { owner, orgUuid, person: admin } = await teamWith('admin');
    const other = await h.createUser({ verified: true });
    await invite(admin, orgUuid, other.email, 'member');
    const token = await tokenFromMail(other.email);
    await h.rest('POST', `/invitations/${token}/accept`, { token: other.token });

    const toBilling = await h.rest('PATCH', `/organizations/${orgUuid}/members/${other.uuid}`, {
      token: admin.token,
      body: { role: 'billing' },
    });
    expect(toBilling.status, toBilling.text).toBe(200);
    expect(toBilling.body.data.role).toBe('billing');
    const toAdmin = await h.rest('PATCH', `/organizations/${orgUuid}/members/${other.uuid}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.message).toBe(MEMBER_TEXTS.adminOnlyByOwner);
    const inviteAdmin = await invite(admin, orgUuid, 'new-admin@example.com', 'admin');
    expect(inviteAdmin.status).toBe(403);
    const removeOwner = await h.rest('DELETE', `/organizations/${orgUuid}/members/${owner.uuid}`, {
      token: admin.token,
    });
    expect(removeOwner.status).toBe(403);
    expect(removeOwner.body.message).toBe(MEMBER_TEXTS.ownerUntouchable);
    const ownerPromotes = await h.rest('PATCH', `/organizations/${orgUuid}/members/${other.uuid}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(ownerPromotes.status).toBe(200);
  });

  it('a removed member loses access at once; leaving needs no rights; the owner must transfer first', async () => {
    const { owner, orgUuid, person } = await teamWith('member');
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token: person.token })).status).toBe(
      200,
    );
    const removed = await h.rest('DELETE', `/organizations/${orgUuid}/members/${person.uuid}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token: person.token })).status).toBe(
      404,
    );
    expect((await h.rest('GET', '/organizations', { token: person.token })).body.data).toEqual([]);
    // Their session still works elsewhere.
    expect((await h.rest('GET', '/user', { token: person.token })).status).toBe(200);

    const second = await teamWith('member');
    const left = await h.rest(
      'DELETE',
      `/organizations/${second.orgUuid}/members/${second.person.uuid}`,
      { token: second.person.token },
    );
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(MEMBER_TEXTS.left);
    const ownerLeaves = await h.rest(
      'DELETE',
      `/organizations/${second.orgUuid}/members/${second.owner.uuid}`,
      { token: second.owner.token },
    );
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.message).toBe(MEMBER_TEXTS.ownerMustTransfer);
    const leftMail = await h.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', second.owner.email)
      .where('kind', '=', 'organization-members')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(leftMail.subject).toBe('Team Person left Team School');
  });

  it('transfers ownership: the old owner becomes an admin, exactly one owner remains', async () => {
    const { owner, orgUuid, person } = await teamWith('billing');
    const notMember = await h.rest('POST', `/organizations/${orgUuid}/transfer-ownership`, {
      token: owner.token,
      body: { user_uuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(notMember.status).toBe(422);
    const done = await h.rest('POST', `/organizations/${orgUuid}/transfer-ownership`, {
      token: owner.token,
      body: { user_uuid: person.uuid },
    });
    expect(done.status, done.text).toBe(200);
    const members = await h.rest('GET', `/organizations/${orgUuid}/members`, {
      token: person.token,
    });
    const roles = Object.fromEntries(
      members.body.data.map((m: { user: { uuid: string }; role: string }) => [m.user.uuid, m.role]),
    );
    expect(roles).toEqual({ [person.uuid]: 'owner', [owner.uuid]: 'admin' });
    const oldOwnerDeletes = await h.rest('DELETE', `/organizations/${orgUuid}`, {
      token: owner.token,
    });
    expect(oldOwnerDeletes.status).toBe(403);
    const activity = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('user_id', '=', owner.id)
      .where('action', '=', 'organization.ownership_transferred')
      .execute();
    expect(activity).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('makes the bursar a billing member of the demo school and leaves one invitation open', async () => {
    const fresh = await createHarness();
    try {
      expect(await seedDemoData(fresh.deps)).toBe(true);
      const login = await fresh.rest('POST', '/auth/login', {
        body: { email: 'bursar@scmp.test', password: 'DemoPass!2026' },
      });
      expect(login.status).toBe(200);
      const token = login.body.data.token as string;
      const orgs = await fresh.rest('GET', '/organizations', { token });
      expect(orgs.body.data).toEqual([
        expect.objectContaining({ name: 'Oakfield Primary School', role: 'billing' }),
      ]);
      const school = orgs.body.data[0].uuid as string;
      const invitations = await fresh.rest('GET', `/organizations/${school}/invitations`, {
        token,
      });
      expect(invitations.body.data).toEqual([
        expect.objectContaining({ email: 'office@scmp.test', role: 'member' }),
      ]);
      const edit = await fresh.rest('PUT', `/organizations/${school}`, {
        token,
        body: { name: 'Renamed', type: 'school' },
      });
      expect(edit.status).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
