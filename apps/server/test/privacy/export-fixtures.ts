import { drainJobs } from '../../src/testing/door-world/world-helpers';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  multipartBody,
  TINY_PNG,
  type SecurityResourceSet,
} from '../../src/testing/security-fixtures';
import { organizationId, addMemberRow } from '../../src/testing/organization-rows';
import { mailsTo } from '../../src/testing/recorded-rows';
import { exportArchive, type PlantedSecret } from '../../src/testing/archive-checks';
import { storedCredentials } from './planted-secrets';

/** The shared setup of the personal data export tests (data-exports.test.ts). */
export let h: TestHarness;
export let A: SecurityResourceSet;
export let B: Awaited<ReturnType<TestHarness['createUser']>>;
const secrets: PlantedSecret[] = [];
/** Runs the due jobs until none is left (the export builder, the mail outbox). */
export const drain = () => drainJobs(h);

export async function confirm(token: string) {
  const res = await h.rest('POST', '/user/confirm-password', {
    token,
    body: { password: A.user.password },
  });
  expect(res.status, res.text).toBe(200);
}

export const download = (uuid: string, token = A.user.token) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/user/data-exports/${uuid}/download`,
    headers: { authorization: `Bearer ${token}` },
  });

/** One server for the test file, with A's secrets planted and B's rows written before its tests. */
export function useExportHarness() {
  beforeAll(async () => {
    h = await createHarness();
    A = await buildSecurityResourceSet(h, 'exporter');

    // Plant every secret kind first.
    secrets.push({ label: 'password', value: A.user.password });
    secrets.push({ label: 'session token', value: A.user.token });
    for (const t of A.extraTokens) secrets.push({ label: 'session token (login)', value: t });
    const enabled = await h.rest('POST', '/two-factor/enable', {
      token: A.user.token,
      body: { password: A.user.password },
    });
    expect(enabled.status, enabled.text).toBe(200);
    const totp = enabled.body.data.secret as string;
    secrets.push({ label: 'TOTP secret', value: totp });
    const confirmed = await h.rest('POST', '/two-factor/confirm', {
      token: A.user.token,
      body: {
        code: generateSync({ secret: totp, epoch: Math.floor(h.clock.now().getTime() / 1000) }),
      },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    for (const rc of confirmed.body.data.recovery_codes as string[])
      secrets.push({ label: 'recovery code', value: rc });
    secrets.push({ label: 'API token', value: A.apiToken! });
    secrets.push({ label: 'API token secret part', value: A.apiToken!.slice(17) });
    const webhookSecret = `whsec_${Buffer.alloc(24).toString('base64')}`;
    secrets.push({ label: 'webhook secret', value: webhookSecret });
    await h.db
      .updateTable('webhook_endpoints')
      .set({ created_by: A.user.id })
      .where('uuid', '=', A.webhookUuid)
      .execute();
    // A password-reset link (its token is in the e-mail body only).
    await h.rest('POST', '/auth/forgot-password', { body: { email: A.user.email } });
    const [resetMail] = await mailsTo(h.db, A.user.email, { kind: 'password-reset' });
    const resetToken = /token=([^&\s]+)/.exec(resetMail!.text)![1]!;
    secrets.push({ label: 'password reset token', value: decodeURIComponent(resetToken) });
    // Stored forms: hashes, encrypted secrets, passkey key material.
    const orgId = await organizationId(h.db, A.orgUuid);
    secrets.push(...(await storedCredentials(h.db, [A.user.id], orgId)));
    const twoFactor = await h.db
      .selectFrom('two_factor_secrets')
      .select('secret_encrypted')
      .where('user_id', '=', A.user.id)
      .executeTakeFirstOrThrow();
    secrets.push({ label: 'TOTP secret (encrypted)', value: twoFactor.secret_encrypted! });
    for (const rc of await h.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', A.user.id)
      .execute())
      secrets.push({ label: 'recovery code hash', value: rc.code_hash });
    for (const p of await h.db
      .selectFrom('passkeys')
      .select(['public_key', 'credential_id'])
      .where('user_id', '=', A.user.id)
      .execute()) {
      secrets.push({ label: 'passkey public key', value: p.public_key });
      secrets.push({ label: 'passkey credential id', value: p.credential_id });
    }

    // Another member of A's organization, with a ticket of their own there.
    B = await h.createUser({
      verified: true,
      name: 'Bea Private',
      email: 'bea.private@example.com',
    });
    await addMemberRow(h.db, orgId, B.id, 'member');
    const ticket = multipartBody([
      { name: 'subject', value: 'BEA-PRIVATE-SUBJECT' },
      { name: 'description', value: 'Bea private description of her own problem.' },
      { name: 'category', value: 'general' },
      { name: 'organization_uuid', value: A.orgUuid },
      { name: 'attachments[]', filename: 'bea-secret.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const bt = await h.rest('POST', '/support/tickets', {
      token: B.token,
      body: ticket.body,
      headers: ticket.headers,
    });
    expect(bt.status, bt.text).toBe(201);
  }, 120_000);
  afterAll(() => h?.close());
  return exportArchive(secrets);
}
