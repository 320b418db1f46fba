import { generateSync } from 'otplib';
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { authenticatorFor } from '../../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../../src/testing/software-authenticator';

/**
 * What the throttle table (throttle-rows-*.ts) and its test (throttles.test.ts) share: one harness,
 * requests through the REST door from a chosen client address, and the row type.
 *
 * key: 'ip' counts per client address; 'account+ip' per account and address (an attacker's
 * address never locks the owner out from theirs); 'account' per signed-in user (only the
 * account's own sessions can spend it). Every limit is a fixed window and recovers on its own.
 */
export type Key = 'ip' | 'account+ip' | 'account';
export type User = Awaited<ReturnType<TestHarness['createUser']>>;
export type State = {
  user: User;
  other: User;
  secret?: string;
  seq: number;
  device?: SoftwareAuthenticator;
};
export type Req = { method: 'POST' | 'PUT'; path: string; body: Json; token?: string };
export type Res = { status: number; headers: Record<string, unknown>; body: Json };

export type Row = {
  op: string;
  limit: number;
  windowSeconds: number;
  key: Key;
  /** Statuses the counted attempts answer before the limit. */
  okStatuses: number[];
  setup?: (s: State) => Promise<void>;
  /** One counted attempt (for 'account' rows, made by `who`). */
  attempt: (s: State, who: User) => Req;
  /** A legitimate use from `ip` by `who` (default: the attempt itself); succeeds unless spent. */
  legit?: (s: State, ip: string, who: User) => Promise<Res>;
  legitStatus: number;
};

let current: TestHarness | undefined;

/** One harness for the test file that calls this (created before its tests, closed after). */
export function useThrottleHarness(): void {
  beforeAll(async () => {
    current = await createHarness();
  });
  afterAll(() => current?.close());
}

export function harness(): TestHarness {
  if (!current) throw new Error('useThrottleHarness() was not called');
  return current;
}

/**
 * One request through the REST door. The server does not trust proxy headers by default
 * (TRUST_PROXY=false), so ctx.req.ip is the socket address: inject's remoteAddress sets it.
 */
export async function send(req: Req, ip: string): Promise<Res> {
  const res = await harness().app.inject({
    method: req.method,
    url: `/api/v1${req.path}`,
    remoteAddress: ip,
    headers: {
      'content-type': 'application/json',
      ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
    },
    payload: JSON.stringify(req.body),
  });
  let body: Json = {};
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, headers: res.headers, body };
}

/** The same request each time, made without an account. */
export const anonymous =
  (path: string, body: Json = {}) =>
  (): Req => ({ method: 'POST', path, body });

/** The same request each time, made by the signed-in `who`. */
export const byAccount =
  (method: Req['method'], path: string, body: Json = {}) =>
  (_s: State, who: User): Req => ({ method, path, token: who.token, body });

export const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(harness().clock.now().getTime() / 1000) });

export const NEW_PASSWORD = 'Fresh!Passphrase-2026';

/** A password and its confirmation, as registration, reset and change take them. */
export const newPassword = (password = NEW_PASSWORD) => ({
  password,
  password_confirmation: password,
});

/** A well-formed assertion that answers nothing: counted, then refused. */
export const STRAY_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

/** The account owner's own sign-in from `ip`, with the right password. */
export const signIn = (s: State, ip: string): Promise<Res> =>
  send(
    {
      method: 'POST',
      path: '/auth/login',
      body: { email: s.user.email, password: s.user.password },
    },
    ip,
  );

/** A passkey sign-in from `ip`: options, the software authenticator's assertion, verify. */
export async function passkeySignIn(s: State, ip: string): Promise<Res> {
  const options = await send(anonymous('/auth/passkey/options')(), ip);
  if (options.status !== 200) return options;
  const body = {
    challenge_token: options.body.data.challenge_token,
    response: s.device!.assert(options.body.data.options),
  };
  return send(anonymous('/auth/passkey/verify', body)(), ip);
}

/** A whole passkey registration by `who` from `ip`. */
export async function passkeyRegistration(s: State, ip: string, who: User): Promise<Res> {
  const options = await send(byAccount('POST', '/passkeys/registration/options')(s, who), ip);
  if (options.status !== 200) return options;
  const { response } = authenticatorFor(harness()).register(options.body.data);
  const verify = byAccount('POST', '/passkeys/registration/verify', { name: 'Laptop', response });
  return send(verify(s, who), ip);
}
