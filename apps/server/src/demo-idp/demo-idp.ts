import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@scmp/api';
import {
  confidentialClient,
  findAccountBy,
  finishLogin,
  grantConsent,
  rsaSigningJwk,
} from './oidc-setup';

/**
 * The demo identity provider (issue 37): a small OpenID provider (`oidc-provider`, the certified
 * implementation the tests use) mounted at /demo-idp on SCMP's own server, so a newcomer can try
 * single sign-on after `npm start` without any network. Local mode only: it is never mounted, and
 * never seeded, when APP_ENV=production. Its users sign in by picking a name on a plain page.
 */
export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_CLIENT_ID = 'scmp-demo';
/** The e-mail domain the demo organization has verified (seeded; .test never resolves). */
export const DEMO_IDP_DOMAIN = 'oakfield.test';
export const DEMO_IDP_USERS = [
  {
    sub: 'demo-teacher',
    email: `teacher@${DEMO_IDP_DOMAIN}`,
    name: 'Tom Teacher',
    groups: ['staff'],
    note: 'a new member of staff: joins Oakfield as a member',
  },
  {
    sub: 'demo-it',
    email: `it@${DEMO_IDP_DOMAIN}`,
    name: 'Ivy Ito',
    groups: ['staff', 'it-staff'],
    note: 'the IT lead: the it-staff group maps to admin',
  },
] as const;

export function demoIdpIssuer(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}${DEMO_IDP_PATH}`;
}

/** The demo client's secret: derived from APP_KEY, so nothing secret is written in the source. */
export function demoClientSecret(appKey: string): string {
  return createHmac('sha256', appKey)
    .update('scmp demo identity provider client')
    .digest('base64url');
}

/** Refuses the demo identity provider outside local mode. */
export function assertDemoIdpAllowed(config: { appEnv: string }): void {
  if (config.appEnv === 'production')
    throw new Error('The demo identity provider is for local mode only (APP_ENV=production).');
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, clientName: string): string {
  const buttons = DEMO_IDP_USERS.map(
    (u) =>
      `<li><button name="account" value="${escapeHtml(u.sub)}">Sign in as ${escapeHtml(u.name)}</button> <span>${escapeHtml(u.email)} — ${escapeHtml(u.note)}</span></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
li{margin:.75rem 0;list-style:none}button{font:inherit;padding:.5rem 1rem;cursor:pointer}span{color:#495057;font-size:.9rem}
p.note{background:#fff3bf;padding:.75rem;border-radius:6px}</style></head><body>
<main><h1>Demo identity provider</h1>
<p class="note">This pretend identity provider runs inside SCMP in local mode only, so single sign-on can be tried offline. A school would use Google Workspace, Microsoft Entra ID or another real provider.</p>
<p>${escapeHtml(clientName)} asks who you are. Choose a demo person:</p>
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/login"><ul>${buttons}</ul></form>
</main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

async function createDemoProvider(deps: AppDeps): Promise<Handler> {
  const { default: Provider } = await import('oidc-provider');
  const issuer = demoIdpIssuer(deps.config.appUrl);
  const provider = new Provider(issuer, {
    clients: [
      confidentialClient({
        client_id: DEMO_IDP_CLIENT_ID,
        client_secret: demoClientSecret(deps.config.appKey),
        client_name: 'SCMP',
        redirect_uris: [`${deps.config.appUrl.replace(/\/$/, '')}/api/v1/sso/oidc/callback`],
      }),
    ],
    jwks: { keys: [rsaSigningJwk('demo') as never] },
    cookies: {
      keys: [createHmac('sha256', deps.config.appKey).update('demo idp cookies').digest('hex')],
    },
    features: { devInteractions: { enabled: false } },
    // The e-mail, name and groups in the ID token itself (SCMP reads the ID token's claims).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'groups'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    interactions: { url: (_ctx, interaction) => `${DEMO_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: findAccountBy((sub) => {
      const user = DEMO_IDP_USERS.find((u) => u.sub === sub);
      return (
        user && {
          email: user.email,
          email_verified: true,
          name: user.name,
          groups: [...user.groups],
        }
      );
    }),
  });
  provider.proxy = false;
  const callback = provider.callback();

  return async (req, res) => {
    const full = req.url ?? '/';
    const inner = full.slice(DEMO_IDP_PATH.length) || '/';
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(inner.split('?')[0]!);
    if (interaction) {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== interaction[1]) {
        res.statusCode = 400;
        res.end('This sign-in has expired. Start again from SCMP.');
        return;
      }
      if (details.prompt.name === 'login') {
        if (interaction[2] && req.method === 'POST') {
          const account = (await readForm(req)).get('account') ?? '';
          if (!DEMO_IDP_USERS.some((u) => u.sub === account)) {
            res.statusCode = 400;
            res.end('Choose one of the demo people.');
            return;
          }
          await finishLogin(provider, req, res, account);
          return;
        }
        res.statusCode = 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(page(details.uid, 'SCMP'));
        return;
      }
      // Consent: the demo grants what SCMP asks (openid email profile) at once.
      await grantConsent(provider, req, res, details);
      return;
    }
    // oidc-provider works out its mount path from originalUrl and url (as under Express).
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
    req.url = inner;
    await new Promise<void>((resolve) => {
      res.on('finish', resolve);
      res.on('close', resolve);
      callback(req, res);
    });
  };
}

/**
 * Mounts the demo identity provider at /demo-idp (local mode only; created on its first request,
 * so servers that never use it do not load it). Returns whether it was mounted.
 */
export async function registerDemoIdp(app: FastifyInstance, deps: AppDeps): Promise<boolean> {
  if (deps.config.appEnv === 'production') return false;
  let handler: Promise<Handler> | undefined;
  await app.register(async (scope) => {
    // Before any body parsing: the provider reads its own requests.
    scope.addHook('onRequest', async (request, reply) => {
      // The security headers and request id are on the reply: the provider answers on the raw one.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      try {
        handler ??= createDemoProvider(deps);
        await (
          await handler
        )(request.raw, reply.raw);
      } catch (error) {
        deps.logger.warn({ err: error }, 'demo identity provider failed');
        if (!reply.raw.headersSent) reply.raw.statusCode = 500;
        reply.raw.end('The demo identity provider failed.');
      }
    });
    const unreachable = async () => undefined;
    scope.all(DEMO_IDP_PATH, unreachable);
    scope.all(`${DEMO_IDP_PATH}/*`, unreachable);
  });
  return true;
}
