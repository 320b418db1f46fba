import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../../src/testing/passkey-helpers';
import {
  buildSecurityResourceSet,
  type SecurityResourceSet,
} from '../../src/testing/security-fixtures';
import { everyTable } from './table-rows';

let h: TestHarness;
let A: SecurityResourceSet;
const secrets: { label: string; value: string; allowInOutbox?: boolean }[] = [];

/** Text of every row of every table, by table. */
async function dumpAll(): Promise<Map<string, string>> {
  const tables = await everyTable(h.db);
  return new Map(tables.map(({ table, rows }) => [table, JSON.stringify(rows)]));
}

beforeAll(async () => {
  h = await createHarness();
  A = await buildSecurityResourceSet(h, 'secrets');
  secrets.push({ label: 'session token', value: A.user.token });
  A.extraTokens.forEach((t) => secrets.push({ label: 'session token (login)', value: t }));
  secrets.push({ label: 'password', value: A.user.password });

  // Two-factor: the secret the API hands out and the recovery codes must not be stored in clear.
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token: A.user.token,
    body: { password: A.user.password },
  });
  if (enabled.status === 200) {
    const secret = enabled.body.data.secret as string;
    secrets.push({ label: 'TOTP secret', value: secret });
    const code = generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });
    const confirmed = await h.rest('POST', '/two-factor/confirm', {
      token: A.user.token,
      body: { code },
    });
    for (const rc of (confirmed.body.data?.recovery_codes ?? []) as string[]) {
      secrets.push({ label: 'recovery code', value: rc });
    }
  }

  // Passkeys: the server keeps the public key only; the sign-in's challenge token and the
  // WebAuthn challenge are stored as hashes.
  const device = authenticatorFor(h);
  await registerPasskey(h, A.user.token, device);
  const privateKey = device.credentials[0]!.privateKey.export({ format: 'jwk' });
  secrets.push({ label: 'passkey private key', value: privateKey.d! });
  const options = await h.rest('POST', '/auth/passkey/options', { body: {} });
  secrets.push({ label: 'passkey challenge token', value: options.body.data.challenge_token });
  secrets.push({ label: 'passkey challenge', value: options.body.data.options.challenge });
  const pending = await h.rest('POST', '/auth/passkey/options', { body: {} });
  secrets.push({ label: 'passkey challenge token', value: pending.body.data.challenge_token });
  secrets.push({ label: 'passkey challenge', value: pending.body.data.options.challenge });
  const passkeySignIn = await h.rest('POST', '/auth/passkey/verify', {
    body: {
      challenge_token: options.body.data.challenge_token,
      response: device.assert(options.body.data.options),
    },
  });
  secrets.push({ label: 'session token (passkey)', value: passkeySignIn.body.data.token });

  // API tokens: only their SHA-256 and first characters are kept.
  const apiToken = await h.rest('POST', '/user/api-tokens', {
    token: A.user.token,
    body: { name: 'Scan', scopes: ['profile:read'], expires_in_days: 30 },
  });
  secrets.push({ label: 'API token', value: apiToken.body.data.token });
  secrets.push({ label: 'API token secret part', value: apiToken.body.data.token.slice(17) });
  await h.rest('GET', '/user', { token: apiToken.body.data.token });

  // Webhook signing secrets: kept encrypted with the app key (they must be usable to sign). In
  // production mode the API only accepts https:// URLs resolving to public addresses, which this
  // machine cannot offer, so the webhook is made in the local-mode pass only.
  if (h.config.appEnv !== 'production') {
    const hook = await h.rest('POST', `/organizations/${A.orgUuid}/webhooks`, {
      token: A.user.token,
      body: { url: 'http://127.0.0.1:9/scan', events: ['organization.updated'] },
    });
    expect(hook.status, hook.text).toBe(201);
    secrets.push({ label: 'webhook secret', value: hook.body.data.secret });
    secrets.push({ label: 'webhook key', value: hook.body.data.secret.slice('whsec_'.length) });
  }

  // Registration (verification link) and forgot-password (reset link): the tokens travel in the
  // e-mail (the durable outbox holds the message by design) but nowhere else.
  const email = `register-${Date.now()}@example.com`;
  await h.rest('POST', '/auth/register', {
    body: {
      name: 'Reg User',
      email,
      password: 'Str0ng!passphrase-xyz',
      password_confirmation: 'Str0ng!passphrase-xyz',
      terms: true,
    },
  });
  const plain = await h.createUser({ verified: true });
  await h.rest('POST', '/auth/forgot-password', { body: { email: plain.email } });
  // An e-mail change: the confirmation link to the new address and the cancel link to the old.
  const changed = await h.rest('PUT', '/profile', {
    token: plain.token,
    body: {
      name: 'Plain',
      email: `moving-${Date.now()}@example.com`,
      current_password: plain.password,
    },
  });
  expect(changed.status, changed.text).toBe(200);
  const mails = await h.db.selectFrom('mail_outbox').selectAll().execute();
  for (const mail of mails) {
    const text = JSON.stringify(mail);
    for (const m of text.matchAll(/[?&](?:token|signature)=([A-Za-z0-9_-]{16,})/g)) {
      secrets.push({ label: 'mailed token', value: m[1]!, allowInOutbox: true });
    }
  }
}, 60_000);
afterAll(() => h?.close());

describe('secrets at rest', () => {
  it('collected the secrets to look for', () => {
    const labels = new Set(secrets.map((s) => s.label));
    expect(labels.has('session token')).toBe(true);
    expect(labels.has('TOTP secret')).toBe(true);
    expect(labels.has('recovery code')).toBe(true);
    expect(labels.has('mailed token')).toBe(true);
    expect(secrets.filter((s) => s.label === 'mailed token').length).toBeGreaterThanOrEqual(5);
    expect(labels.has('passkey private key')).toBe(true);
    expect(labels.has('session token (passkey)')).toBe(true);
    expect(labels.has('API token')).toBe(true);
  });

  it('no plaintext token, TOTP secret, recovery code, password or card number in any table', async () => {
    const dump = await dumpAll();
    const found: string[] = [];
    for (const [table, text] of dump) {
      for (const s of secrets) {
        if (s.allowInOutbox && table === 'mail_outbox') continue;
        if (text.includes(s.value)) found.push(`${s.label} in ${table}`);
      }
      if (text.includes('4242424242424242')) found.push(`card number in ${table}`);
    }
    expect(found).toEqual([]);
  });

  it('every password hash is argon2id', async () => {
    const rows = await h.db.selectFrom('users').select(['email', 'password_hash']).execute();
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row.password_hash, row.email).toMatch(/^\$argon2id\$/);
  });
});
