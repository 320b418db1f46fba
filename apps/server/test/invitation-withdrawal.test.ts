import { describe, expect, it } from 'vitest';
import { MEMBER_TEXTS, invitationsWithdrawnText } from '@scmp/api/contracts/roles';
import type { TestHarness } from '../src/testing/harness';
import { createOrganization, invitationTokenFromMail } from '../src/testing/organization-rows';
import { activityOf, mailsTo } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';

/**
 * Invitations do not outlive the person who sent them (issue 39): removing a member, or demoting
 * them to a role that may not invite, withdraws the open invitations they sent, says so to the
 * owner (the answer's message, the owner's e-mail notice, the activity log), and the invitation
 * can no longer be accepted; keep_invitations keeps them. Both doors.
 */
let h: TestHarness;
useHarness((made) => (h = made));

type User = Awaited<ReturnType<TestHarness['createUser']>>;

/** An organization whose owner made `admin` an admin; the admin then invites `count` people. */
async function adminWithInvitations(label: string, count: number) {
  const owner = await h.createUser({ verified: true, name: `Owner ${label}` });
  const { uuid: orgUuid } = await createOrganization(h, owner.token, {
    name: `School ${label}`,
    type: 'school',
  });
  const admin = await h.createUser({ verified: true, name: `Admin ${label}` });
  const invited = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
    token: owner.token,
    body: { email: admin.email, role: 'admin' },
  });
  expect(invited.status, invited.text).toBe(201);
  const adminToken = await invitationTokenFromMail(h, admin.email);
  const joined = await h.rest('POST', `/invitations/${adminToken}/accept`, { token: admin.token });
  expect(joined.status, joined.text).toBe(200);
  const invitees: Array<{ user: User; token: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const user = await h.createUser({ verified: true });
    const res = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
      token: admin.token,
      body: { email: user.email, role: 'billing' },
    });
    expect(res.status, res.text).toBe(201);
    invitees.push({ user, token: await invitationTokenFromMail(h, user.email) });
  }
  // One invitation sent by the owner, which no change of the admin touches.
  const ownersGuest = await h.createUser({ verified: true });
  await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
    token: owner.token,
    body: { email: ownersGuest.email, role: 'member' },
  });
  const ownersToken = await invitationTokenFromMail(h, ownersGuest.email);
  return { owner, admin, orgUuid, invitees, ownersGuest, ownersToken };
}

async function openInvitationEmails(owner: User, orgUuid: string): Promise<string[]> {
  const res = await h.rest('GET', `/organizations/${orgUuid}/invitations`, { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body.data as Array<{ email: string }>).map((i) => i.email).sort();
}

describe('invitations of a removed or demoted member', () => {
  it('removing the admin withdraws the invitations they sent, says so, and they can no longer be accepted', async () => {
    const { owner, admin, orgUuid, invitees, ownersGuest, ownersToken } =
      await adminWithInvitations('Removal', 2);
    const removed = await h.rest('DELETE', `/organizations/${orgUuid}/members/${admin.uuid}`, {
      token: owner.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe(
      `${MEMBER_TEXTS.memberRemoved} 2 invitations sent by Admin Removal were withdrawn.`,
    );
    expect(removed.body.message).toContain(invitationsWithdrawnText(2, 'Admin Removal'));
    expect(await openInvitationEmails(owner, orgUuid)).toEqual([ownersGuest.email]);

    for (const { user, token } of invitees) {
      expect((await h.rest('GET', `/invitations/${token}`)).status).toBe(404);
      const accept = await h.rest('POST', `/invitations/${token}/accept`, { token: user.token });
      expect(accept.status).toBe(404);
      expect(accept.body.message).toBe(MEMBER_TEXTS.invitationNotFound);
    }
    // The owner's own invitation is untouched.
    const kept = await h.rest('POST', `/invitations/${ownersToken}/accept`, {
      token: ownersGuest.token,
    });
    expect(kept.status, kept.text).toBe(200);

    const activity = await activityOf(h.db, owner.id, 'invitations.withdrawn');
    expect(activity).toEqual([
      {
        action: 'invitations.withdrawn',
        description: 'Withdrew 2 invitations sent by Admin Removal to "School Removal"',
      },
    ]);
  });

  it('demoting the admin to member withdraws them (tRPC door)', async () => {
    const { owner, admin, orgUuid, invitees, ownersGuest } = await adminWithInvitations(
      'Demotion',
      1,
    );
    const demoted = await h.trpc(
      'mutation',
      'members.changeRole',
      { id: orgUuid, user_uuid: admin.uuid, role: 'member' },
      { token: owner.token },
    );
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.result.data.message).toBe(
      `${MEMBER_TEXTS.roleChanged} 1 invitation sent by Admin Demotion was withdrawn.`,
    );
    expect(demoted.body.result.data.data.role).toBe('member');
    expect(await openInvitationEmails(owner, orgUuid)).toEqual([ownersGuest.email]);
    const { user, token } = invitees[0]!;
    expect(
      (await h.rest('POST', `/invitations/${token}/accept`, { token: user.token })).status,
    ).toBe(404);
  });

  it('demoting to billing withdraws them too; promoting back to admin has nothing to withdraw (REST door)', async () => {
    const { owner, admin, orgUuid, invitees } = await adminWithInvitations('Billing', 1);
    // admin → billing may no longer invite: withdrawn.
    const res = await h.rest('PATCH', `/organizations/${orgUuid}/members/${admin.uuid}`, {
      token: owner.token,
      body: { role: 'billing' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(
      `${MEMBER_TEXTS.roleChanged} 1 invitation sent by Admin Billing was withdrawn.`,
    );
    // billing → admin: nothing left to withdraw, the plain message.
    const back = await h.rest('PATCH', `/organizations/${orgUuid}/members/${admin.uuid}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(back.body.message).toBe(MEMBER_TEXTS.roleChanged);
    expect(invitees).toHaveLength(1);
  });

  it('keep_invitations keeps them on removal (REST query) and on demotion (tRPC), and they can still be accepted', async () => {
    const removal = await adminWithInvitations('Keep removal', 1);
    const removed = await h.rest(
      'DELETE',
      `/organizations/${removal.orgUuid}/members/${removal.admin.uuid}`,
      { token: removal.owner.token, query: { keep_invitations: 'true' } },
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe(MEMBER_TEXTS.memberRemoved);
    expect(await openInvitationEmails(removal.owner, removal.orgUuid)).toEqual(
      [removal.invitees[0]!.user.email, removal.ownersGuest.email].sort(),
    );
    const accepted = await h.rest('POST', `/invitations/${removal.invitees[0]!.token}/accept`, {
      token: removal.invitees[0]!.user.token,
    });
    expect(accepted.status, accepted.text).toBe(200);

    const demotion = await adminWithInvitations('Keep demotion', 2);
    const demoted = await h.trpc(
      'mutation',
      'members.changeRole',
      {
        id: demotion.orgUuid,
        user_uuid: demotion.admin.uuid,
        role: 'member',
        keep_invitations: true,
      },
      { token: demotion.owner.token },
    );
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.result.data.message).toBe(MEMBER_TEXTS.roleChanged);
    expect(await openInvitationEmails(demotion.owner, demotion.orgUuid)).toHaveLength(3);

    const bad = await h.rest(
      'DELETE',
      `/organizations/${demotion.orgUuid}/members/${demotion.admin.uuid}`,
      { token: demotion.owner.token, query: { keep_invitations: 'maybe' } },
    );
    expect(bad.status).toBe(422);
  });

  it('a member who leaves takes their invitations with them, and the owner’s notice says so', async () => {
    const { owner, admin, orgUuid, ownersGuest } = await adminWithInvitations('Leaving', 2);
    const left = await h.trpc(
      'mutation',
      'members.remove',
      { id: orgUuid, user_uuid: admin.uuid },
      { token: admin.token },
    );
    expect(left.status, left.text).toBe(200);
    expect(left.body.result.data.message).toBe(
      `${MEMBER_TEXTS.left} 2 invitations sent by Admin Leaving were withdrawn.`,
    );
    expect(await openInvitationEmails(owner, orgUuid)).toEqual([ownersGuest.email]);
    const [notice] = await mailsTo(h.db, owner.email, {
      subject: 'Admin Leaving left School Leaving',
    });
    expect(notice!.text).toContain('2 invitations sent by Admin Leaving were withdrawn.');
  });
});
