import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import {
  confidentialClient,
  findAccountBy,
  finishLogin,
  grantConsent,
  rsaSigningJwk,
} from '../demo-idp/oidc-setup';

export type TestAccount = {
  email: string;
  email_verified?: boolean;
  name?: string;
  hd?: string;
  tid?: string;
  groups?: string[];
};

/** Replaces the ID token of a token response (the bad cases of the refusal table). */
export type IdTokenForger = (idToken: string) => Promise<string> | string;

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The RSA signing key (a JWK with `d`), for forging tokens signed with the provider's key. */
  signingJwk: Record<string, unknown>;
  /** The account the next login signs in as (by subject). */
  accounts: Map<string, TestAccount>;
  loginAs: (subject: string) => void;
  forge: (forger: IdTokenForger | null) => void;
  close: () => Promise<void>;
};

/**
 * A real OpenID provider in-process (`oidc-provider`, a certified implementation) on loopback, with
 * one confidential client whose redirect URI is SCMP's callback. Interactions (login and consent)
 * are answered at once for the account chosen with `loginAs`. When a forger is set, the ID token
 * of the provider's token response is swapped (the refusal table's bad cases).
 */
export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const front = http.createServer();
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const clientId = 'scmp-test-client';
  const clientSecret = 'test-client-secret-0123456789abcdefghijklmnop';
  const signingJwk = rsaSigningJwk('test-key');
  const accounts = new Map<string, TestAccount>();
  let current = '';
  let forger: IdTokenForger | null = null;

  const provider = new Provider(issuer, {
    clients: [
      confidentialClient({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
      }),
    ],
    jwks: { keys: [signingJwk as never] },
    cookies: { keys: ['test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'hd', 'tid', 'groups'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: findAccountBy((sub) => {
      const account = accounts.get(sub);
      return (
        account && {
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name ?? account.email.split('@')[0],
          ...(account.hd !== undefined ? { hd: account.hd } : {}),
          ...(account.tid !== undefined ? { tid: account.tid } : {}),
          ...(account.groups ? { groups: account.groups } : {}),
        }
      );
    }),
  });
  provider.proxy = false;

  // The bad cases: the provider answers, then the ID token in its token response is swapped.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (forger && ctx.path === '/token' && ctx.status === 200 && body?.id_token)
      ctx.body = { ...body, id_token: await forger(body.id_token) };
  });

  const callback = provider.callback();
  front.on('request', (req, res) => {
    void (async () => {
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') await finishLogin(provider, req, res, current);
        else await grantConsent(provider, req, res, details);
        return;
      }
      callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signingJwk,
    accounts,
    loginAs: (subject) => {
      current = subject;
    },
    forge: (f) => {
      forger = f;
    },
    close: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** A browser's cookie jar as a Cookie header. */
export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Keeps the cookies a response sets in the jar, dropping the ones it expires. */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
}

/**
 * A browser at the identity provider: follows the provider's redirects (keeping its cookies)
 * from the authorization URL until the provider sends the browser to `stopAt`; returns that URL.
 */
export async function followProvider(startUrl: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let i = 0; i < 20; i += 1) {
    if (url.startsWith(stopAt)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
    keepCookies(jar, res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
