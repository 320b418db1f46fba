import { randomBytes } from 'node:crypto';
import { runDueJobs } from '@scmp/api';
import { giveActiveSubscription } from './billing-fixtures';
import type { Json, TestHarness } from './harness';
import { multipartBody, type MultipartPart } from './multipart';
import { API_SCOPES } from '@scmp/api/contracts/api-tokens';
import { authenticatorFor, registerPasskey } from './passkey-helpers';
import { createTestSamlIdp } from './saml-idp';
import { createWebhookRowForTest } from './webhook-rows';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export { multipartBody, type MultipartPart };

/** The security headers every response carries (plugins/security-headers.ts). */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
];

export type SecurityResourceSet = {
  user: { id: number; uuid: string; email: string; password: string; token: string };
  /** Extra sign-in tokens (POST /auth/login). */
  extraTokens: string[];
  /** Public ids of the user's sessions (GET /profile/sessions), excluding the main one if known. */
  sessionIds: string[];
  orgUuid: string;
  subdomain: string;
  subscription: Json | null;
  instanceUuid: string | null;
  ticketId: string | null;
  attachmentId: string | null;
  invoiceId: string | null;
  /** A passkey registered with a software authenticator. */
  passkeyUuid: string | null;
  /** A personal API token (every scope) and its uuid. */
  apiToken: string | null;
  apiTokenUuid: string | null;
  /** A webhook of the organization (written directly: production mode would resolve its host). */
  webhookUuid: string;
  /** A delivery of that webhook (a queued test ping). */
  webhookDeliveryUuid: string | null;
  /** A single sign-on connection of the organization (SAML: no network needed to add it). */
  ssoConnectionUuid: string | null;
};

/** The id a path parameter takes in the matrices, for the parameters shared by several areas. */
export function webhookIdFor(
  set: SecurityResourceSet,
  path: string,
  param: string,
): string | null | undefined {
  if (param === 'delivery_uuid') return set.webhookDeliveryUuid;
  if (param === 'uuid' && path.includes('/webhooks/')) return set.webhookUuid;
  if (param === 'uuid' && path.includes('/sso-connections/')) return set.ssoConnectionUuid;
  return undefined;
}

function expectStatus(res: { status: number; text: string }, ok: number[], what: string): void {
  if (!ok.includes(res.status)) throw new Error(`${what} failed: ${res.status} ${res.text}`);
}

async function drainJobs(h: TestHarness): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    const n = await runDueJobs(h.deps, undefined, 10);
    if (n === 0) return;
  }
}

/**
 * Builds, through the real API, everything a customer can own: an organization with an active
 * test-mode subscription, a deployed instance, branding with a logo, a support ticket with an
 * attachment and extra sessions. Steps whose area is not in place are skipped (null ids).
 */
export async function buildSecurityResourceSet(
  h: TestHarness,
  label: string,
): Promise<SecurityResourceSet> {
  const user = await h.createUser({ verified: true, email: `${label}-${Date.now()}@example.com` });
  const subdomain = `${label}-${randomBytes(3).toString('hex')}`.toLowerCase();

  const org = await h.rest('POST', '/organizations', {
    token: user.token,
    body: { name: `${label} Academy`, type: 'school', subdomain },
  });
  expectStatus(org, [200, 201], 'create organization');
  const orgUuid = org.body.data.uuid as string;

  let subscription: Json | null = null;
  try {
    subscription = await giveActiveSubscription(h, user.token, orgUuid);
  } catch {
    subscription = null;
  }

  let instanceUuid: string | null = null;
  const inst = await h.rest('POST', '/instances', {
    token: user.token,
    body: { organization_uuid: orgUuid, name: `${label} Site`, subdomain: `${subdomain}-site` },
  });
  if (inst.status === 200 || inst.status === 201) {
    instanceUuid = (inst.body.data.uuid ?? inst.body.data.id) as string;
    await drainJobs(h);
  }

  const logo = multipartBody([
    { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
  ]);
  await h.rest('POST', `/branding/${orgUuid}/logo`, {
    token: user.token,
    body: logo.body,
    headers: logo.headers,
  });

  let ticketId: string | null = null;
  let attachmentId: string | null = null;
  const ticket = multipartBody([
    { name: 'subject', value: `${label} cannot sign in` },
    { name: 'description', value: 'The login page shows an error.' },
    { name: 'category', value: 'technical' },
    { name: 'priority', value: 'high' },
    { name: 'organization_uuid', value: orgUuid },
    { name: 'attachments[]', filename: 'screen.png', bytes: TINY_PNG, type: 'image/png' },
  ]);
  const t = await h.rest('POST', '/support/tickets', {
    token: user.token,
    body: ticket.body,
    headers: ticket.headers,
  });
  if (t.status === 200 || t.status === 201) {
    const data = t.body.data as Json;
    ticketId = (data.id ?? data.uuid) as string;
    const attachments = (data.attachments ?? data.messages?.[0]?.attachments ?? []) as Json[];
    attachmentId = (attachments[0]?.id as string | undefined) ?? null;
  }

  const extraTokens: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': `security-fixture-${i}`, 'x-forwarded-for': `10.9.${i}.1` },
    });
    const token = login.body?.data?.token as string | undefined;
    if (token) extraTokens.push(token);
  }

  const sessions = await h.rest('GET', '/profile/sessions', { token: user.token });
  const sessionIds =
    sessions.status === 200 && Array.isArray(sessions.body.data)
      ? (sessions.body.data as Json[]).map((s) => String(s.id ?? s.uuid))
      : [];

  let invoiceId: string | null = null;
  const history = await h.rest('GET', '/subscription/billing-history', {
    token: user.token,
    query: { organization_uuid: orgUuid },
  });
  if (history.status === 200 && Array.isArray(history.body.data) && history.body.data[0]) {
    invoiceId = String(history.body.data[0].id ?? history.body.data[0].uuid);
  }

  let passkeyUuid: string | null = null;
  try {
    passkeyUuid = await registerPasskey(h, user.token, authenticatorFor(h), `${label} laptop`);
  } catch {
    passkeyUuid = null;
  }

  const created = await h.rest('POST', '/user/api-tokens', {
    token: user.token,
    body: { name: `${label} integration`, scopes: [...API_SCOPES], expires_in_days: null },
  });
  const apiToken = created.status === 201 ? (created.body.data.token as string) : null;
  const apiTokenUuid = created.status === 201 ? (created.body.data.uuid as string) : null;

  const webhook = await createWebhookRowForTest(h, orgUuid, 'https://hooks.example.com/scmp');
  const ping = await h.rest('POST', `/organizations/${orgUuid}/webhooks/${webhook.uuid}/test`, {
    token: user.token,
  });
  const webhookDeliveryUuid = ping.status === 202 ? (ping.body.data.uuid as string) : null;

  const sso = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
    token: user.token,
    body: {
      type: 'saml',
      display_name: `${label} SAML`,
      idp_metadata_xml: createTestSamlIdp(`https://idp.${label}.example`).metadataXml,
    },
  });
  const ssoConnectionUuid = sso.status === 201 ? (sso.body.data.uuid as string) : null;

  return {
    user,
    extraTokens,
    sessionIds,
    orgUuid,
    subdomain,
    subscription,
    instanceUuid,
    ticketId,
    attachmentId,
    invoiceId,
    passkeyUuid,
    apiToken,
    apiTokenUuid,
    webhookUuid: webhook.uuid,
    webhookDeliveryUuid,
    ssoConnectionUuid,
  };
}
