/** Door fixtures (see ./shared.ts): The signed-in person: health, auth, two-factor, passkeys, profile, privacy and API tokens. */
import { DOOR_PASSWORD } from '../../src/testing/door-world/world-users';
import { authenticatorFor } from '../../src/testing/passkey-helpers';
import type { Json } from '../../src/testing/harness';
import { anonymous, png, after, NEW_PASSWORD, type DoorFixture } from './shared';

export const ACCOUNT_FIXTURES: Record<string, DoorFixture> = {
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
  // API tokens (an API token calls a scoped read, too: RateLimit headers on both doors)
  'apiTokens.list': { call: after((w) => w.apiToken()) },
  'apiTokens.create': {
    call: () => ({ input: { name: 'CI', scopes: ['profile:read'], expires_in_days: 30 } }),
  },
  'apiTokens.revoke': { call: async (w) => ({ input: { uuid: (await w.apiToken()).uuid } }) },
};
