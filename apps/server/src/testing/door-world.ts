import { randomBytes } from 'node:crypto';
import { API_SCOPES } from '@scmp/api/contracts/api-tokens';
import { generateSync } from 'otplib';
import { createSession, hashPassword, runDueJobs } from '@scmp/api';
import { createTestCard, giveActiveSubscription } from './billing-fixtures';
import type { Json, TestHarness } from './harness';
import { multipartBody } from './multipart';
import { authenticatorFor, registerPasskey } from './passkey-helpers';
import { TINY_PNG } from './security-fixtures';
import type { SoftwareAuthenticator } from './software-authenticator';
import { createWebhookRowForTest } from './webhook-rows';

/**
 * A fresh, small world for one call of the "both doors agree" test (test/doors-agree):
 * one verified user with a session, and the rest (organization, subscription, instance, ticket,
 * webhook, member, invitation...) built on first use through the REST door, so each door gets an
 * equivalent state of its own. Every unique string (e-mail, subdomain, names) carries `tag`, which
 * the comparison replaces, so the two worlds' answers compare equal.
 */
export type DoorWorld = {
  h: TestHarness;
  idp: DoorIdentityProvider;
  /** `dw` + 8 hex: unique per world. */
  tag: string;
  /** Client address of this world's calls (its own throttle buckets). */
  ip: string;
  user: { id: number; uuid: string; email: string; password: string; token: string };
  org: () => Promise<string>;
  /** The organization, subscribed (test mode card) so it can deploy. */
  subscribed: () => Promise<string>;
  subdomain: () => Promise<string>;
  instance: () => Promise<string>;
  ticket: () => Promise<string>;
  logo: () => Promise<void>;
  webhook: () => Promise<string>;
  delivery: () => Promise<string>;
  /** A second verified user, member of the organization. */
  member: () => Promise<{ uuid: string; token: string }>;
  /** A pending invitation of a fresh user: its uuid, clear token and the invitee's session. */
  invitation: () => Promise<{ uuid: string; token: string; inviteeToken: string }>;
  staffToken: () => Promise<string>;
  passkey: () => Promise<string>;
  /** The software authenticator holding that passkey. */
  device: SoftwareAuthenticator;
  /** Another session of the user (its public id). */
  otherSession: () => Promise<string>;
  apiToken: () => Promise<{ token: string; uuid: string }>;
  card: () => Promise<string>;
  domain: () => Promise<string>;
  ssoConnection: () => Promise<string>;
  dataExport: () => Promise<void>;
  /** The link `marker` (e.g. '/reset-password?') in the newest e-mail to `to` that has one. */
  linkInMail: (to: string, marker: string) => Promise<URL>;
  /** Starts an e-mail change to `<tag>-moved@example.com` (its confirm and cancel mails). */
  emailChange: () => Promise<string>;
  /** Two-factor set up but not confirmed: its secret. */
  twoFactorSecret: () => Promise<string>;
  /** Two-factor on (set up and confirmed). */
  twoFactorOn: () => Promise<void>;
  /** The current TOTP code of a secret (the test clock's time). */
  totp: (secret: string) => string;
};

export const DOOR_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

function ok(res: { status: number; text: string }, what: string): void {
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${res.text}`);
}

async function insertUser(
  h: TestHarness,
  email: string,
  ip: string,
  staff = false,
): Promise<{ id: number; uuid: string; token: string }> {
  passwordHash ??= hashPassword(DOOR_PASSWORD);
  const row = await h.db
    .insertInto('users')
    .values({
      name: 'Door Tester',
      email,
      password_hash: await passwordHash,
      email_verified_at: h.clock.now(),
      is_staff: staff,
      phone: null,
      bio: null,
      location: null,
      website: null,
      avatar_path: null,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  const { token } = await createSession(h.deps, row.id, { ip, userAgent: 'doors-agree' });
  return { id: row.id, uuid: row.uuid, token };
}

async function drainJobs(h: TestHarness): Promise<void> {
  for (let i = 0; i < 20; i += 1) if ((await runDueJobs(h.deps, undefined, 10)) === 0) return;
}

let worlds = 0;

/** The identity provider SSO connections point at (startTestOidcProvider). */
export type DoorIdentityProvider = { issuer: string; clientId: string; clientSecret: string };

export async function createDoorWorld(
  h: TestHarness,
  idp: DoorIdentityProvider,
): Promise<DoorWorld> {
  worlds += 1;
  const tag = `dw${randomBytes(4).toString('hex')}`;
  const ip = `10.77.${Math.floor(worlds / 250) % 250}.${(worlds % 250) + 1}`;
  const email = `${tag}@example.com`;
  const created = await insertUser(h, email, ip);
  const user = { ...created, email, password: DOOR_PASSWORD };
  const rest = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token = user.token,
  ) => h.rest(method, path, { token, ...(body === undefined ? {} : { body }) });

  const org = once(async () => {
    const res = await rest('POST', '/organizations', {
      name: `${tag} Academy`,
      type: 'school',
      subdomain: tag,
    });
    ok(res, 'organization');
    return res.body.data.uuid as string;
  });
  const subscribed = once(async () => {
    const uuid = await org();
    await giveActiveSubscription(h, user.token, uuid);
    return uuid;
  });
  const instance = once(async () => {
    const res = await rest('POST', '/instances', {
      organization_uuid: await subscribed(),
      name: `${tag} Site`,
      subdomain: `${tag}-site`,
    });
    ok(res, 'instance');
    await drainJobs(h);
    return res.body.data.uuid as string;
  });
  const ticket = once(async () => {
    const res = await rest('POST', '/support/tickets', {
      subject: `${tag} cannot sign in`,
      description: 'The login page shows an error.',
      category: 'technical',
      priority: 'high',
      organization_uuid: await org(),
    });
    ok(res, 'ticket');
    return String(res.body.data.id);
  });
  const logo = once(async () => {
    const mp = multipartBody([
      { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const res = await h.rest('POST', `/branding/${await org()}/logo`, {
      token: user.token,
      body: mp.body,
      headers: mp.headers,
    });
    ok(res, 'logo');
  });
  const webhook = once(
    async () =>
      (await createWebhookRowForTest(h, await org(), 'https://hooks.example.com/scmp')).uuid,
  );
  const delivery = once(async () => {
    const res = await rest(
      'POST',
      `/organizations/${await org()}/webhooks/${await webhook()}/test`,
    );
    ok(res, 'webhook test');
    return res.body.data.uuid as string;
  });
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
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', invitee)
      .where('kind', '=', 'invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`invitation mail without a token: ${mail.text}`);
    return { uuid: res.body.data.uuid as string, token, inviteeToken: inviteeUser.token };
  });
  const staffToken = once(
    async () => (await insertUser(h, `${tag}-staff@example.com`, ip, true)).token,
  );
  const device = authenticatorFor(h);
  const passkey = once(() => registerPasskey(h, user.token, device, `${tag} laptop`));
  const otherSession = once(async () => {
    await createSession(h.deps, user.id, { ip, userAgent: 'doors-agree other' });
    const res = await rest('GET', '/profile/sessions');
    ok(res, 'sessions');
    const other = (res.body.data as Json[]).find((s) => !s.is_current && !s.current);
    if (!other) throw new Error(`no other session: ${res.text}`);
    return String(other.id ?? other.uuid);
  });
  const apiToken = once(async () => {
    const res = await rest('POST', '/user/api-tokens', {
      name: `${tag} integration`,
      scopes: [...API_SCOPES],
      expires_in_days: null,
    });
    ok(res, 'API token');
    return { token: res.body.data.token as string, uuid: res.body.data.uuid as string };
  });
  const domain = once(async () => {
    const res = await rest('POST', `/organizations/${await org()}/domains`, {
      domain: `${tag}.example.org`,
    });
    ok(res, 'domain');
    return res.body.data.uuid as string;
  });
  const ssoConnection = once(async () => {
    const res = await rest('POST', `/organizations/${await org()}/sso-connections`, {
      type: 'oidc',
      display_name: `${tag} IdP`,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
    });
    ok(res, 'SSO connection');
    return res.body.data.uuid as string;
  });
  const dataExport = once(async () => {
    ok(await rest('POST', '/user/data-exports'), 'data export');
    await drainJobs(h);
  });
  const linkInMail = async (to: string, marker: string) => {
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();
    for (const mail of mails) {
      const at = mail.text.indexOf(marker);
      if (at < 0) continue;
      const start = mail.text.lastIndexOf('http', at);
      return new URL(/^\S+/.exec(mail.text.slice(start))![0]);
    }
    throw new Error(`no mail to ${to} with ${marker}`);
  };
  const emailChange = once(async () => {
    const moved = `${tag}-moved@example.com`;
    const res = await rest('PUT', '/profile', {
      name: 'Door Tester',
      email: moved,
      current_password: DOOR_PASSWORD,
    });
    ok(res, 'e-mail change');
    return moved;
  });
  const totp = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });
  const twoFactorSecret = once(async () => {
    const res = await rest('POST', '/two-factor/enable', { password: DOOR_PASSWORD });
    ok(res, 'two-factor enable');
    return res.body.data.secret as string;
  });
  const twoFactorOn = once(async () => {
    const code = totp(await twoFactorSecret());
    ok(await rest('POST', '/two-factor/confirm', { code }), 'two-factor confirm');
  });
  return {
    h,
    idp,
    totp,
    twoFactorSecret,
    twoFactorOn,
    linkInMail,
    emailChange,
    tag,
    ip,
    user,
    org,
    subscribed,
    subdomain: async () => {
      await org();
      return tag;
    },
    instance,
    ticket,
    logo,
    webhook,
    delivery,
    member,
    invitation,
    staffToken,
    passkey,
    device,
    otherSession,
    apiToken,
    card: () => createTestCard(h, user.token),
    domain,
    ssoConnection,
    dataExport,
  };
}
