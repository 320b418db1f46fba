import { expect } from 'vitest';
import type { Json, TestHarness } from '../../src/testing/harness';

/**
 * Issue 39 (account integrity, through both doors): the account operations as each door takes
 * them, and the links the server mails. Shared by email-change.test.ts and password-reset.test.ts.
 */
export const HOUR = 3_600_000;
export const NEW_PASSWORD = 'a completely new passphrase';
type User = Awaited<ReturnType<TestHarness['createUser']>>;
type Answer = { status: number; body: Json };
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Each operation's REST method and path, and its tRPC procedure (a query where REST GETs). */
const ROUTES = {
  getProfile: ['GET', '/profile', 'profile.get'],
  updateProfile: ['PUT', '/profile', 'profile.update'],
  confirm: ['POST', '/profile/email-change/confirm', 'profile.confirmEmailChange'],
  resend: ['POST', '/profile/email-change/resend', 'profile.resendEmailChange'],
  cancel: ['DELETE', '/profile/email-change', 'profile.cancelEmailChange'],
  cancelByLink: ['POST', '/auth/email-change/cancel', 'auth.cancelEmailChange'],
  changePassword: ['PUT', '/profile/password', 'profile.changePassword'],
  forgotPassword: ['POST', '/auth/forgot-password', 'auth.forgotPassword'],
  resetPassword: ['POST', '/auth/reset-password', 'auth.resetPassword'],
  organizations: ['GET', '/organizations', 'organizations.list'],
} as const satisfies Record<string, [Method, string, string]>;

const profileBody = (email: string, extra: Json = {}) => ({ name: 'Pat Example', email, ...extra });

/** The helpers of the integrity tests, on the harness `harness()` answers when they run. */
export function integrityFixtures(harness: () => TestHarness) {
  let seq = 0;

  const viaTrpc = async (
    type: 'query' | 'mutation',
    path: string,
    input: unknown,
    token?: string,
  ): Promise<Answer> => {
    const h = harness();
    // A mutation without input goes as the web app's batching client sends it: `{}`.
    const res =
      type === 'mutation' && input === undefined
        ? await h.app
            .inject({
              method: 'POST',
              url: `/trpc/${path}?batch=1`,
              headers: {
                'content-type': 'application/json',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: '{}',
            })
            .then((r) => ({ status: r.statusCode, body: (JSON.parse(r.body) as Json[])[0]! }))
        : await h.trpc(type, path, input, { token });
    if (res.body.error) {
      return { status: res.body.error.data.httpStatus, body: res.body.error.data.envelope };
    }
    return { status: res.status, body: res.body.result.data };
  };

  /** The same operations through each door, answering status and envelope alike. */
  function doorOf(kind: 'rest' | 'trpc') {
    const send = async (
      name: keyof typeof ROUTES,
      input: unknown,
      token?: string,
    ): Promise<Answer> => {
      const [method, path, procedure] = ROUTES[name];
      if (kind === 'trpc') {
        return viaTrpc(method === 'GET' ? 'query' : 'mutation', procedure, input, token);
      }
      const res = await harness().rest(method, path, { body: input, token });
      return { status: res.status, body: res.body };
    };
    return {
      kind,
      getProfile: (token: string) => send('getProfile', undefined, token),
      updateProfile: (token: string, body: Json) => send('updateProfile', body, token),
      /** `user` asks, with the right password, to move to `target`. */
      askToMove: (user: User, target: string) =>
        send('updateProfile', profileBody(target, { current_password: user.password }), user.token),
      confirm: (token: string, linkToken: string) => send('confirm', { token: linkToken }, token),
      resend: (token: string) => send('resend', undefined, token),
      cancel: (token: string) => send('cancel', undefined, token),
      cancelByLink: (linkToken: string) => send('cancelByLink', { token: linkToken }),
      changePassword: (token: string, body: Json) => send('changePassword', body, token),
      forgotPassword: (email: string) => send('forgotPassword', { email }),
      resetPassword: (body: Json) => send('resetPassword', body),
      organizations: (token: string) =>
        send('organizations', kind === 'trpc' ? {} : undefined, token),
    };
  }

  async function mailsTo(email: string, kind: string) {
    return harness()
      .db.selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .execute();
  }

  /** The `token` query parameter of the newest link of `kind` mailed to `email`. */
  async function linkToken(email: string, kind: string, path: string): Promise<string> {
    const [mail] = await mailsTo(email, kind);
    if (!mail) throw new Error(`no ${kind} mail to ${email}`);
    const match = mail.text.match(new RegExp(`http://localhost:3000${path}\\?[^\\s]+`));
    if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
    return new URL(match[0]).searchParams.get('token')!;
  }

  async function apiToken(user: User, name = 'Integration'): Promise<string> {
    const res = await harness().rest('POST', '/user/api-tokens', {
      token: user.token,
      body: {
        name,
        scopes: ['organizations:read', 'billing:read', 'support:read', 'profile:read'],
        expires_in_days: null,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.token as string;
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await harness().rest('POST', '/auth/login', { body: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token as string;
  }

  return {
    doorOf,
    mailsTo,
    apiToken,
    login,
    freshEmail: (label: string) => `${label}-${Date.now()}-${(seq += 1)}@example.com`,
    confirmToken: (newEmail: string) =>
      linkToken(newEmail, 'email-change-confirm', '/confirm-email-change'),
    cancelToken: (oldEmail: string) =>
      linkToken(oldEmail, 'email-change-requested', '/cancel-email-change'),
    resetToken: (email: string) => linkToken(email, 'password-reset', '/reset-password'),
    profileBody,
  };
}
