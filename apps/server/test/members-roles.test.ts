import { describe, expect, it } from 'vitest';
import { MEMBER_TEXTS } from '@scmp/api/contracts/roles';
import { withDemoData } from '../src/testing/demo-world';
import type { TestHarness } from '../src/testing/harness';
import { activityOf } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';
import { teamHelpers } from './members/fixtures';

/** Organization teams through both doors: members and roles, ownership, and the demo team. */
let h: TestHarness;
useHarness((made) => (h = made));
const { tokenFromMail, invite, teamWith } = teamHelpers(() => h);

describe('members and roles', () => {
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
    const leave = (who: { uuid: string; token: string }) =>
      h.rest('DELETE', `/organizations/${second.orgUuid}/members/${who.uuid}`, {
        token: who.token,
      });
    const left = await leave(second.person);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(MEMBER_TEXTS.left);
    const ownerLeaves = await leave(second.owner);
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
    const activity = await activityOf(h.db, owner.id, 'organization.ownership_transferred');
    expect(activity).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('makes the bursar a billing member of the demo school and leaves one invitation open', async () => {
    await withDemoData(async (fresh, signIn) => {
      const token = await signIn('bursar@scmp.test');
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
    });
  });
});
