/*
 * The per-procedure fixtures of doors-agree.test.ts: for every procedure of the router, how to
 * call it on a fresh world (see src/testing/door-world/). The test calls it once through /trpc
 * and once through /api/v1, each on a world of its own, and compares the answers. A procedure
 * without an entry here (or in TRPC_ONLY) fails the test by name.
 *
 * `call` runs once per world (before the calls it is used for); a signed-in procedure is also
 * called anonymously with the same input, and a scoped query with an API token.
 *
 * Adding one: `'area.procedure': { call: async (w) => ({ input: { id: await w.org() } }) },`
 * — `input` is the procedure's input (path parameters included, as tRPC takes it; the REST call
 * is built from it and the meta), `token` the caller (default the world's user session; null:
 * anonymous), `files` multipart parts for an upload (the input's fields are sent beside them).
 * Prefer a call that succeeds; a call that fails in a known way is fine when success needs what
 * only an e-mail or a third party holds (say so in `why`).
 */
import { WEBHOOK_EVENTS } from '@scmp/api/contracts/webhooks';
import type { DoorWorld } from '../src/testing/door-world/types';
import { DOOR_PASSWORD } from '../src/testing/door-world/world-users';
import type { Json } from '../src/testing/harness';
import type { MultipartPart } from '../src/testing/multipart';
import { authenticatorFor } from '../src/testing/passkey-helpers';
import { TINY_PNG } from '../src/testing/security-fixtures';

export type DoorCall = {
  input?: Json;
  /** The caller's bearer (session or API token); null calls anonymously. Default: w.user.token. */
  token?: string | null;
  /** An upload: these parts are sent as multipart/form-data with the input's fields. */
  files?: MultipartPart[];
};

export type DoorFixture = {
  call: (w: DoorWorld) => Promise<DoorCall> | DoorCall;
  /**
   * Compare the answer's shape only (keys and value types): answers about the whole platform
   * (staff counts), which the other door's world changes between the two calls.
   */
  shapeOnly?: boolean;
  /** Keys of the answer whose values are random per call (beside the test's usual ones). */
  generated?: string[];
  /** Why this call fails on purpose, or anything else a reader should know. */
  why?: string;
};

/** Procedures with no REST path, with the reason (none today: every procedure has one). */
export const TRPC_ONLY: Record<string, string> = {};

/**
 * Procedures on which the doors disagree today, with why. The test asserts this is exactly the
 * set that disagrees: it goes red when one is fixed (remove the entry) or a new one appears.
 */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {};

const anonymous = (input: Json = {}): DoorCall => ({ input, token: null });
const png = (field: string): MultipartPart[] => [
  { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
];
/** A call with `input` (default: none) once `prepare` has made what it needs in the world. */
const after =
  (
    prepare: (w: DoorWorld) => Promise<unknown>,
    input: (w: DoorWorld) => Json | Promise<Json> = () => ({}),
  ) =>
  async (w: DoorWorld): Promise<DoorCall> => {
    await prepare(w);
    return { input: await input(w) };
  };
const NEW_PASSWORD = 'another horse battery staple';
const UNKNOWN_TOKEN = 'a'.repeat(64);

/**
 * Calls repeated until their throttle refuses them: the 429 (its envelope, Retry-After and
 * RateLimit headers) must be the same on both doors. `times` calls; the last one is compared.
 */
export const THROTTLED_CALLS: {
  path: string;
  times: number;
  call: (w: DoorWorld) => DoorCall;
}[] = [
  {
    path: 'auth.login',
    times: 6,
    call: (w) => anonymous({ email: w.user.email, password: 'wrong password' }),
  },
  {
    path: 'publicSite.contact',
    times: 6,
    call: (w) =>
      anonymous({
        name: 'Ada',
        email: `${w.tag}-contact@example.com`,
        organisation: 'Ada School',
        topic: 'pricing',
        message: 'How much for two venues, please?',
      }),
  },
  {
    path: 'organizations.checkSubdomain',
    times: 31,
    call: (w) => ({ input: { subdomain: `${w.tag}-free` } }),
  },
];

export const DOOR_FIXTURES: Record<string, DoorFixture> = {
  // health, auth
  'health.check': { call: () => ({ input: {} }), shapeOnly: true, why: 'uptime and counts move' },
  'auth.me': { call: () => ({ input: {} }) },
  'auth.register': {
    call: (w) =>
      anonymous({
        name: 'New Person',
        email: `${w.tag}-new@example.com`,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
  },
  'auth.login': { call: (w) => anonymous({ email: w.user.email, password: DOOR_PASSWORD }) },
  'auth.logout': { call: () => ({ input: {} }) },
  'auth.validateSession': { call: () => ({ input: {} }) },
  'auth.verifyEmail': {
    call: async (w) => {
      await w.h.db
        .updateTable('users')
        .set({ email_verified_at: null })
        .where('id', '=', w.user.id)
        .execute();
      await w.h.rest('POST', '/auth/resend-verification', { body: { email: w.user.email } });
      const link = await w.linkInMail(w.user.email, '/verify-email/');
      const [, , id, hash] = link.pathname.split('/');
      const query = Object.fromEntries(link.searchParams);
      return anonymous({ id: id!, hash: hash!, ...query });
    },
  },
  'auth.resendVerification': { call: (w) => anonymous({ email: w.user.email }) },
  'auth.forgotPassword': { call: (w) => anonymous({ email: w.user.email }) },
  'auth.resetPassword': {
    call: async (w) => {
      await w.h.rest('POST', '/auth/forgot-password', { body: { email: w.user.email } });
      const link = await w.linkInMail(w.user.email, '/reset-password?');
      return anonymous({
        email: w.user.email,
        token: link.searchParams.get('token')!,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
    },
  },
  'auth.cancelEmailChange': {
    call: async (w) => {
      await w.emailChange();
      const link = await w.linkInMail(w.user.email, '/cancel-email-change?');
      return anonymous({ token: link.searchParams.get('token')! });
    },
  },
  'auth.twoFactorVerify': {
    call: async (w) => {
      await w.twoFactorOn();
      const login = await w.h.rest('POST', '/auth/login', {
        body: { email: w.user.email, password: DOOR_PASSWORD },
      });
      const challenge = login.body.data?.challenge_token as string | undefined;
      if (!challenge) throw new Error(`no two-factor challenge: ${login.text}`);
      // The code of the next period: the confirm step used this one's.
      w.h.clock.advance(30_000);
      return anonymous({
        email: w.user.email,
        code: w.totp(await w.twoFactorSecret()),
        type: 'totp',
        challenge_token: challenge,
      });
    },
  },
  'auth.passkeyOptions': { call: () => anonymous({}) },
  'auth.passkeyVerify': {
    call: async (w) => {
      await w.passkey();
      const options = await w.h.rest('POST', '/auth/passkey/options', { body: {} });
      const { challenge_token, options: request } = options.body.data as Json;
      return anonymous({ challenge_token, response: w.device.assert(request as never) });
    },
  },

  // two-factor
  'twoFactor.status': { call: () => ({ input: {} }) },
  'twoFactor.enable': { call: () => ({ input: { password: DOOR_PASSWORD } }) },
  'twoFactor.confirm': {
    call: async (w) => ({ input: { code: w.totp(await w.twoFactorSecret()) } }),
  },
  'twoFactor.disable': {
    call: after(
      (w) => w.twoFactorOn(),
      () => ({ password: DOOR_PASSWORD }),
    ),
  },
  'twoFactor.regenerateRecoveryCodes': {
    call: after(
      (w) => w.twoFactorOn(),
      () => ({ password: DOOR_PASSWORD }),
    ),
  },

  // passkeys
  'passkeys.list': { call: after((w) => w.passkey()) },
  'passkeys.registrationOptions': { call: () => ({ input: {} }), generated: ['id'] },
  'passkeys.registrationVerify': {
    call: async (w) => {
      const options = await w.h.rest('POST', '/passkeys/registration/options', {
        token: w.user.token,
      });
      const { response } = authenticatorFor(w.h).register(options.body.data);
      return { input: { name: 'Desk key', response } };
    },
  },
  'passkeys.rename': {
    call: async (w) => ({ input: { uuid: await w.passkey(), name: 'Renamed key' } }),
  },
  'passkeys.remove': {
    call: async (w) => ({ input: { uuid: await w.passkey(), password: DOOR_PASSWORD } }),
  },

  // public site
  'publicSite.contact': {
    call: (w) =>
      anonymous({
        name: 'Ada',
        email: `${w.tag}-contact@example.com`,
        organisation: 'Ada School',
        topic: 'demo',
        message: 'We would like a demo, please.',
      }),
  },
  'publicSite.tenantBranding': {
    call: async (w) => {
      await w.subscribed();
      return anonymous({ slug: await w.subdomain() });
    },
    why: 'the REST door answers it with a native fast path: it must agree with /trpc',
  },
  'publicSite.organizationBranding': {
    call: async (w) => anonymous({ uuid: await w.subscribed() }),
  },
  'publicSite.instanceBranding': { call: async (w) => anonymous({ uuid: await w.instance() }) },
  'publicSite.siteConfig': { call: () => anonymous({}) },
  'publicSite.analyticsPageview': { call: () => anonymous({ path: '/pricing' }) },
  'dashboard.summary': {
    call: async (w) => {
      await w.org();
      return { input: {} };
    },
  },
  'dashboard.overview': {
    call: async (w) => {
      await w.ticket();
      return { input: {} };
    },
  },

  // organizations, members
  'organizations.list': { call: after((w) => w.org()) },
  'organizations.get': { call: async (w) => ({ input: { id: await w.org() } }) },
  'organizations.create': {
    call: (w) => ({
      input: { name: `${w.tag} School`, type: 'school', subdomain: `${w.tag}-new` },
    }),
  },
  'organizations.update': {
    call: async (w) => ({
      input: { id: await w.org(), name: `${w.tag} Renamed`, type: 'camp', subdomain: w.tag },
    }),
  },
  'organizations.delete': { call: async (w) => ({ input: { id: await w.org() } }) },
  'organizations.checkSubdomain': { call: (w) => ({ input: { subdomain: `${w.tag}-free` } }) },
  'organizations.restore': {
    call: async (w) => {
      const id = await w.org();
      const closed = await w.h.rest('DELETE', `/organizations/${id}`, { token: w.user.token });
      if (closed.status !== 200) throw new Error(`close organization: ${closed.text}`);
      return { input: { id } };
    },
  },
  'members.list': {
    call: after(
      (w) => w.member(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'members.changeRole': {
    call: async (w) => ({
      input: { id: await w.org(), user_uuid: (await w.member()).uuid, role: 'billing' },
    }),
  },
  'members.remove': {
    call: async (w) => ({ input: { id: await w.org(), user_uuid: (await w.member()).uuid } }),
  },
  'members.transferOwnership': {
    call: async (w) => ({ input: { id: await w.org(), user_uuid: (await w.member()).uuid } }),
  },
  'members.invitations': {
    call: after(
      (w) => w.invitation(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'members.invite': {
    call: async (w) => ({
      input: { id: await w.org(), email: `${w.tag}-colleague@example.com`, role: 'member' },
    }),
  },
  'members.revokeInvitation': {
    call: async (w) => ({ input: { id: await w.org(), uuid: (await w.invitation()).uuid } }),
  },
  'members.invitation': {
    call: async (w) => anonymous({ token: (await w.invitation()).token }),
  },
  'members.acceptInvitation': {
    call: async (w) => {
      const invitation = await w.invitation();
      return { input: { token: invitation.token }, token: invitation.inviteeToken };
    },
  },
  'members.declineInvitation': {
    call: async (w) => {
      const invitation = await w.invitation();
      return { input: { token: invitation.token }, token: invitation.inviteeToken };
    },
  },

  // instances
  'instances.list': { call: after((w) => w.instance()) },
  'instances.uptime': {
    call: after(
      (w) => w.instance(),
      () => ({ days: 7 }),
    ),
  },
  'instances.get': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.health': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.deploy': {
    call: async (w) => ({
      input: {
        organization_uuid: await w.subscribed(),
        name: `${w.tag} Camp Site`,
        subdomain: `${w.tag}-camp`,
      },
    }),
  },
  'instances.delete': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.changeStatus': {
    call: async (w) => ({ input: { uuid: await w.instance(), action: 'suspend' } }),
  },
  'instances.setCustomDomain': {
    call: async (w) => ({ input: { uuid: await w.instance(), domain: `${w.tag}.example.org` } }),
  },
  'instances.removeCustomDomain': {
    call: async (w) => {
      const uuid = await w.instance();
      await w.h.rest('PUT', `/instances/${uuid}/custom-domain`, {
        token: w.user.token,
        body: { domain: `${w.tag}.example.org` },
      });
      return { input: { uuid } };
    },
  },
  'instances.verifyCustomDomain': {
    call: async (w) => {
      const uuid = await w.instance();
      await w.h.rest('PUT', `/instances/${uuid}/custom-domain`, {
        token: w.user.token,
        body: { domain: `${w.tag}.example.org` },
      });
      return { input: { uuid } };
    },
    why: 'no DNS server in tests: the records are not found',
  },

  // branding
  'branding.getBranding': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.updateBranding': {
    call: async (w) => ({
      input: { id: await w.org(), company_name: `${w.tag} Ltd`, primary_color: '#112233' },
    }),
  },
  'branding.deleteBrandingLogo': {
    call: after(
      (w) => w.logo(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'branding.deleteBrandingFavicon': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.getBrandingEmailPreview': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.uploadBrandingLogo': {
    call: async (w) => ({ input: { id: await w.org() }, files: png('logo') }),
  },
  'branding.uploadBrandingFavicon': {
    call: async (w) => ({ input: { id: await w.org() }, files: png('favicon') }),
  },

  // support
  'support.listTickets': { call: after((w) => w.ticket()) },
  'support.getTicket': { call: async (w) => ({ input: { id: await w.ticket() } }) },
  'support.createTicket': {
    call: async (w) => ({
      input: {
        subject: `${w.tag} needs help`,
        description: 'The page is blank.',
        category: 'technical',
        priority: 'low',
        organization_uuid: await w.org(),
      },
      files: [
        { name: 'attachments[]', filename: 'screen.png', bytes: TINY_PNG, type: 'image/png' },
      ],
    }),
  },
  'support.createTicketMessage': {
    call: async (w) => ({ input: { id: await w.ticket(), message: 'Any news on this?' } }),
  },
  'support.staffListTickets': {
    call: async (w) => {
      await w.ticket();
      return { input: { q: w.tag }, token: await w.staffToken() };
    },
  },
  'support.staffGetTicket': {
    call: async (w) => ({ input: { id: await w.ticket() }, token: await w.staffToken() }),
  },
  'support.staffReply': {
    call: async (w) => ({
      input: { id: await w.ticket(), message: 'We are on it.' },
      token: await w.staffToken(),
    }),
  },
  'support.staffSetStatus': {
    call: async (w) => ({
      input: { id: await w.ticket(), status: 'resolved' },
      token: await w.staffToken(),
    }),
  },

  // subscription
  'subscription.config': { call: () => anonymous({}) },
  'subscription.setupIntent': {
    call: async (w) => ({
      input: { organization_uuid: await w.org(), payment_type: 'direct_debit' },
    }),
    why: 'test mode has no Stripe: refused the same way',
  },
  'subscription.create': {
    call: async (w) => ({
      input: {
        organization_uuid: await w.org(),
        plan_type: 'basic',
        additional_venues: 0,
        payment_method_id: await w.card(),
        payment_type: 'card',
        billing_details: {
          name: 'Ada Owner',
          email: 'billing@example.com',
          address: {
            line1: '1 High Street',
            city: 'London',
            postal_code: 'EC1A 1AA',
            country: 'GB',
          },
        },
      },
    }),
  },
  'subscription.get': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.billingHistory': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.invoicedMonthly': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.preview': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), plan_type: 'unlimited' },
    }),
  },
  'subscription.changePlan': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), plan_type: 'unlimited' },
    }),
  },
  'subscription.cancel': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.addLocations': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), additional_locations: 1 },
    }),
  },
  'subscription.removeLocations': {
    call: async (w) => {
      const organization_uuid = await w.subscribed();
      await w.h.rest('PATCH', '/subscription/add-locations', {
        token: w.user.token,
        body: { organization_uuid, additional_locations: 1 },
      });
      return { input: { organization_uuid, locations_to_remove: 1 } };
    },
  },
  'subscription.updatePaymentMethod': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), payment_method_id: await w.card() },
    }),
  },
  'subscription.createTestPaymentMethod': {
    call: (w) => ({
      input: {
        type: 'card',
        number: '4242424242424242',
        exp_month: 12,
        exp_year: w.h.clock.now().getUTCFullYear() + 2,
        cvc: '123',
      },
    }),
  },

  // profile, activity, notifications
  'profile.get': { call: () => ({ input: {} }) },
  'profile.update': {
    call: (w) => ({ input: { name: 'Door Renamed', email: w.user.email, location: 'Leeds' } }),
  },
  'profile.deleteAvatar': { call: () => ({ input: {} }) },
  'profile.uploadAvatar': {
    call: () => ({ input: {}, files: png('avatar') }),
    generated: ['avatar_url'],
    why: 'the stored file is named at random',
  },
  'profile.changePassword': {
    call: () => ({
      input: {
        current_password: DOOR_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    }),
  },
  'profile.confirmEmailChange': {
    call: async (w) => {
      const link = await w.linkInMail(await w.emailChange(), '/confirm-email-change?');
      return { input: { token: link.searchParams.get('token')! } };
    },
  },
  'profile.resendEmailChange': { call: after((w) => w.emailChange()) },
  'profile.cancelEmailChange': { call: after((w) => w.emailChange()) },
  'profile.listSessions': { call: after((w) => w.otherSession()) },
  'profile.revokeSession': { call: async (w) => ({ input: { id: await w.otherSession() } }) },
  'profile.revokeOtherSessions': { call: after((w) => w.otherSession()) },
  'profile.getNotificationPreferences': { call: () => ({ input: {} }) },
  'profile.updateNotificationPreferences': {
    call: async (w) => {
      const current = await w.h.rest('GET', '/notifications/preferences', { token: w.user.token });
      const { email, push, sms } = current.body.data as Json;
      return { input: { email, push, sms } };
    },
  },
  'profile.notificationHistory': { call: () => ({ input: { limit: 10 } }) },
  'profile.activityList': {
    call: after(
      (w) => w.org(),
      () => ({ days: 7, limit: 10 }),
    ),
  },
  'profile.activitySummary': {
    call: after(
      (w) => w.org(),
      () => ({ days: 7 }),
    ),
  },
  'profile.activityDaily': {
    call: after(
      (w) => w.org(),
      () => ({ days: 7 }),
    ),
  },

  // API tokens (an API token calls a scoped read, too: RateLimit headers on both doors)
  'apiTokens.list': { call: after((w) => w.apiToken()) },
  'apiTokens.create': {
    call: () => ({ input: { name: 'CI', scopes: ['profile:read'], expires_in_days: 30 } }),
  },
  'apiTokens.revoke': { call: async (w) => ({ input: { uuid: (await w.apiToken()).uuid } }) },

  // webhooks
  'webhooks.list': {
    call: after(
      (w) => w.webhook(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'webhooks.create': {
    call: async (w) => ({
      input: {
        id: await w.org(),
        url: 'https://hooks.example.com/new',
        events: [WEBHOOK_EVENTS[0]],
        description: 'New one',
      },
    }),
  },
  'webhooks.get': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.webhook() } }),
  },
  'webhooks.update': {
    call: async (w) => ({
      input: { id: await w.org(), uuid: await w.webhook(), description: 'Edited', enabled: false },
    }),
  },
  'webhooks.remove': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.webhook() } }),
  },
  'webhooks.test': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.webhook() } }),
  },
  'webhooks.deliveries': {
    call: after(
      (w) => w.delivery(),
      async (w) => ({ id: await w.org(), uuid: await w.webhook() }),
    ),
  },
  'webhooks.redeliver': {
    call: async (w) => ({
      input: { id: await w.org(), uuid: await w.webhook(), delivery_uuid: await w.delivery() },
    }),
  },

  // single sign-on
  'sso.listDomains': {
    call: after(
      (w) => w.domain(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'sso.addDomain': {
    call: async (w) => ({ input: { id: await w.org(), domain: `${w.tag}-b.example.org` } }),
  },
  'sso.verifyDomain': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.domain() } }),
    why: 'no DNS server in tests: the TXT record is not found',
  },
  'sso.removeDomain': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.domain() } }),
  },
  'sso.listConnections': {
    call: after(
      (w) => w.ssoConnection(),
      async (w) => ({ id: await w.org() }),
    ),
  },
  'sso.createConnection': {
    call: async (w) => ({
      input: {
        id: await w.org(),
        type: 'oidc',
        display_name: 'Staff IdP',
        issuer: w.idp.issuer,
        client_id: w.idp.clientId,
        client_secret: w.idp.clientSecret,
      },
    }),
  },
  'sso.getConnection': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.ssoConnection() } }),
  },
  'sso.updateConnection': {
    call: async (w) => ({
      input: { id: await w.org(), uuid: await w.ssoConnection(), display_name: 'Renamed IdP' },
    }),
  },
  'sso.deleteConnection': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.ssoConnection() } }),
  },
  'sso.testConnection': {
    call: async (w) => ({ input: { id: await w.org(), uuid: await w.ssoConnection() } }),
  },
  'sso.failures': { call: async (w) => ({ input: { id: await w.org() } }) },
  'sso.getPolicy': { call: async (w) => ({ input: { id: await w.org() } }) },
  'sso.updatePolicy': {
    call: async (w) => ({ input: { id: await w.org(), require_two_factor: true } }),
  },
  'sso.tenantConnections': {
    call: async (w) => {
      await w.ssoConnection();
      return anonymous({ slug: w.tag });
    },
  },
  'sso.start': {
    call: async (w) => {
      await w.ssoConnection();
      const uuid = await w.domain();
      // Verified as its DNS check would (tests have no DNS server).
      await w.h.db
        .updateTable('organization_domains')
        .set({ status: 'verified', verified_at: w.h.clock.now() })
        .where('uuid', '=', uuid)
        .execute();
      return anonymous({ email: `someone@${w.tag}.example.org` });
    },
  },
  'sso.complete': {
    call: () => anonymous({ code: UNKNOWN_TOKEN }),
    why: 'the code comes from the identity provider: an unknown one is refused',
  },

  // staff console (a search by the world's tag keeps the lists to this world)
  'staff.overview': {
    call: async (w) => ({ input: {}, token: await w.staffToken() }),
    shapeOnly: true,
    why: 'platform-wide counts: the other door’s world changes them',
  },
  'staff.customers': {
    call: async (w) => {
      await w.org();
      return { input: { q: w.tag, limit: 10 }, token: await w.staffToken() };
    },
  },
  'staff.customer': {
    call: async (w) => {
      await w.org();
      return { input: { uuid: w.user.uuid }, token: await w.staffToken() };
    },
  },
  'staff.retention': {
    call: async (w) => ({ input: {}, token: await w.staffToken() }),
    shapeOnly: true,
    why: 'platform-wide runs and closing organizations: the other door’s world changes them',
  },
  'staff.instances': {
    call: async (w) => {
      await w.instance();
      return { input: { q: w.tag, limit: 10 }, token: await w.staffToken() };
    },
  },

  // privacy
  'privacy.confirmPassword': { call: () => ({ input: { password: DOOR_PASSWORD } }) },
  'privacy.createDataExport': { call: () => ({ input: {} }) },
  'privacy.listDataExports': {
    call: after((w) => w.dataExport()),
    generated: ['size_bytes'],
    why: 'the archive holds the world’s ids, whose digits may differ',
  },
  'privacy.createOrganizationDataExport': {
    call: async (w) => ({ input: { id: await w.org() } }),
  },
  'privacy.listOrganizationDataExports': {
    call: async (w) => {
      const id = await w.org();
      const made = await w.h.rest('POST', `/organizations/${id}/data-exports`, {
        token: w.user.token,
      });
      if (made.status !== 202) throw new Error(`organization export: ${made.text}`);
      return { input: { id } };
    },
  },
  'privacy.deleteAccount': {
    call: () => ({ input: { password: DOOR_PASSWORD, confirm: 'DELETE' } }),
  },
  'privacy.restoreAccount': {
    call: async (w) => {
      const deleted = await w.h.rest('DELETE', '/user', {
        token: w.user.token,
        body: { password: DOOR_PASSWORD, confirm: 'DELETE' },
      });
      if (deleted.status !== 200) throw new Error(`delete account: ${deleted.text}`);
      const link = await w.linkInMail(w.user.email, '/restore-account?');
      return anonymous({ token: link.searchParams.get('token')! });
    },
  },
};
