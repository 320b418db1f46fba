import { describe, expect, it } from 'vitest';
import { MEMBER_TEXTS } from '@scmp/api/contracts/roles';
import type { TestHarness } from '../src/testing/harness';
import { mailsTo, valuesWhere } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';
import { teamHelpers } from './members/fixtures';

/**
 * Organization invitations through both doors: the e-mail, expiry on the test clock, single use,
 * revoke, wrong e-mail, unverified account, re-invite, a concurrent accept, an organization deleted
 * meanwhile, and the per-organization throttle.
 */
let h: TestHarness;
useHarness((made) => (h = made));
const { newOrganization, tokenFromMail, invite, pendingInvitation } = teamHelpers(() => h);

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
    const notice = await mailsTo(h.db, owner.email, { kind: 'organization-members' });
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
    const { invited, token } = await pendingInvitation();
    const [x, y] = await Promise.all([
      h.rest('POST', `/invitations/${token}/accept`, { token: invited.token }),
      h.rest('POST', `/invitations/${token}/accept`, { token: invited.token }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 404]);
    const memberships = await valuesWhere(
      h.db,
      'organization_members',
      'role',
      'user_id',
      invited.id,
    );
    expect(memberships).toHaveLength(1);
  });

  it('answers 404 for an invitation whose organization was deleted', async () => {
    const { owner, orgUuid, invited, token } = await pendingInvitation();
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
