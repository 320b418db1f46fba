import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { type Json } from '../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import { createWebhookRowForTest } from '../src/testing/webhook-rows';
import { rowsOfUser } from './auth/fixtures';
import { h, useDeletionHarness } from './privacy/account-deletion-fixtures';

/**
 * Deleting an account (issue 38): DELETE /user with the password and confirm "DELETE"; 409 while
 * the person alone owns an organization with other members or a live subscription; at once every
 * credential ends, memberships end (member.removed), sign-in is refused, a restore link valid 30
 * days is e-mailed; restore within 30 days; after 30 days the purge leaves "Deleted user" in kept
 * records, nothing personal elsewhere, and the address can register again.
 */
const { del, freshToken, joinAs, login, orgOf, restoreToken } = useDeletionHarness();

describe('DELETE /user', () => {
  it('refuses a wrong password, a missing confirmation and API tokens', async () => {
    const u = await h.createUser({ verified: true });
    const wrong = await del(u.token, { password: 'nope', confirm: 'DELETE' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual([PRIVACY_TEXTS.wrongPassword]);
    const unconfirmed = await del(u.token, { password: u.password, confirm: 'delete' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.confirm).toEqual(['Type DELETE to confirm.']);
    const token = await h.rest('POST', '/user/api-tokens', {
      token: u.token,
      body: { name: 'x', scopes: ['profile:read'], expires_in_days: 7 },
    });
    const byToken = await del(token.body.data.token, { password: u.password, confirm: 'DELETE' });
    expect(byToken.status).toBe(403);
    expect((await h.rest('GET', '/user', { token: u.token })).status).toBe(200);
  });

  it('answers 409 naming the organizations the person alone owns with members or a live subscription', async () => {
    const owner = await h.createUser({ verified: true, name: 'Sole Owner' });
    const withMember = await orgOf(owner, 'Members Academy', 'members-academy-del');
    const withSubscription = await orgOf(owner, 'Paying Academy', 'paying-academy-del');
    await orgOf(owner, 'Empty Academy', 'empty-academy-del');
    const member = await h.createUser({ verified: true });
    await joinAs(withMember, member, 'member');
    await giveActiveSubscription(h, owner.token, withSubscription);
    const res = await del(owner.token, { password: owner.password, confirm: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PRIVACY_TEXTS.soleOwner(['Members Academy', 'Paying Academy']));
    expect(res.body.organizations.map((o: Json) => o.uuid)).toEqual([withMember, withSubscription]);
    const trpc = await h.trpc(
      'mutation',
      'privacy.deleteAccount',
      { password: owner.password, confirm: 'DELETE' },
      { token: owner.token },
    );
    expect(trpc.status).toBe(409);
    expect((await h.rest('GET', '/user', { token: owner.token })).status).toBe(200);
  });

  it('ends every credential and membership at once, e-mails a restore link; restore works within 30 days', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await orgOf(owner, 'Hosting Academy', 'hosting-academy-del');
    const webhook = await createWebhookRowForTest(h, orgUuid, 'https://hooks.example.com/x');
    await h.db
      .updateTable('webhook_endpoints')
      .set({ events: JSON.stringify(['member.removed']) })
      .where('uuid', '=', webhook.uuid)
      .execute();
    const leaver = await h.createUser({ verified: true, name: 'Lee Leaver' });
    await joinAs(orgUuid, leaver, 'admin');
    const invited = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
      token: leaver.token,
      body: { email: 'someone.invited@example.com', role: 'member' },
    });
    expect(invited.status, invited.text).toBe(201);
    await registerPasskey(h, leaver.token, authenticatorFor(h));
    const apiToken = (
      await h.rest('POST', '/user/api-tokens', {
        token: leaver.token,
        body: { name: 'x', scopes: ['profile:read'], expires_in_days: 7 },
      })
    ).body.data.token as string;
    const second = await freshToken(leaver);

    const res = await del(leaver.token, { password: leaver.password, confirm: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(PRIVACY_TEXTS.accountDeleted);

    for (const token of [leaver.token, second, apiToken])
      expect((await h.rest('GET', '/user', { token })).status).toBe(401);
    const signIn = await login(leaver.email, leaver.password);
    expect(signIn.statusCode).toBe(401);
    expect(JSON.parse(signIn.body).message).toBe('These credentials do not match our records.');
    for (const table of ['passkeys', 'organization_members'])
      expect(await rowsOfUser(h, table, leaver.id), table).toEqual([]);
    const invitation = await h.db
      .selectFrom('organization_invitations')
      .select('revoked_at')
      .where('uuid', '=', invited.body.data.uuid)
      .executeTakeFirstOrThrow();
    expect(invitation.revoked_at).not.toBeNull();
    const removed = await h.db
      .selectFrom('webhook_events')
      .select(['type', 'data'])
      .where('type', '=', 'member.removed')
      .execute();
    expect(removed.map((e) => (e.data as Json).user.uuid)).toEqual([leaver.uuid]);
    // The address is held for the 30 days: it cannot register again yet.
    const again = await h.rest('POST', '/auth/register', {
      body: {
        name: 'X',
        email: leaver.email,
        password: 'Another-Pass-2026',
        password_confirmation: 'Another-Pass-2026',
      },
    });
    expect(again.status).toBe(422);

    const token = await restoreToken(leaver.email);
    h.clock.advance(29 * 86_400_000);
    const restored = await h.rest('POST', '/auth/restore-account', { body: { token } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.message).toBe(PRIVACY_TEXTS.accountRestored);
    expect((await login(leaver.email, leaver.password)).statusCode).toBe(200);
    const reused = await h.rest('POST', '/auth/restore-account', { body: { token } });
    expect(reused.status).toBe(404);
    expect(reused.body.message).toBe(PRIVACY_TEXTS.restoreInvalid);
  });
});
