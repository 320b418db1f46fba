/**
 * Personal API tokens: the scopes an operation may ask for (each procedure names its own in its
 * meta, beside the OpenAPI meta), grouped for the create dialog, and the limits. The server's
 * checks and the web app's checkboxes both read this.
 */
export const API_TOKEN_PREFIX = 'scmp_pat_';

/** An area's two scopes: `<resource>:read` and `<resource>:write`, with what each allows. */
const readWrite = <A extends string, R extends string>(
  area: A,
  resource: R,
  read: string,
  write: string,
) =>
  ({
    area,
    scopes: [
      { scope: `${resource}:read`, label: read },
      { scope: `${resource}:write`, label: write },
    ],
  }) as const;

export const API_SCOPE_GROUPS = [
  readWrite(
    'Organizations',
    'organizations',
    'Read organizations, members and invitations',
    'Create, edit and delete organizations; manage members',
  ),
  readWrite(
    'Instances',
    'instances',
    'Read instances',
    'Deploy, suspend, resume and delete instances',
  ),
  readWrite('Branding', 'branding', 'Read branding', 'Edit branding and upload its files'),
  readWrite(
    'Billing',
    'billing',
    'Read subscriptions, invoices and billing history',
    'Subscribe, change plans and payment methods, cancel',
  ),
  readWrite('Support', 'support', 'Read support tickets', 'Open tickets and reply'),
  {
    area: 'Profile',
    scopes: [{ scope: 'profile:read', label: 'Read the profile, notifications and activity' }],
  },
  readWrite(
    'Webhooks',
    'webhooks',
    'Read webhooks and their deliveries',
    'Create, edit and delete webhooks',
  ),
] as const;

export type ApiScope = (typeof API_SCOPE_GROUPS)[number]['scopes'][number]['scope'];

export const API_SCOPES: readonly ApiScope[] = API_SCOPE_GROUPS.flatMap((group) =>
  group.scopes.map((entry) => entry.scope),
);

/** Days a new token lives (null: until revoked). */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365, null] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];

export const MAX_LIVE_API_TOKENS = 25;
/** Requests a minute one token may make, across every process. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 600;

export const API_TOKEN_TEXTS = {
  created: 'API token created. Copy it now: it will not be shown again.',
  revoked: 'API token revoked.',
  tooMany: `You can have at most ${MAX_LIVE_API_TOKENS} active API tokens. Revoke one you no longer use first.`,
  notForTokens:
    'API tokens cannot be used for this operation. Sign in to the dashboard to do this.',
  insufficientScope: (scope: ApiScope) =>
    `This API token does not have the ${scope} scope this operation needs.`,
  notFound: 'API token not found.',
} as const;
