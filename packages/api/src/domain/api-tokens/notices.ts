import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { noticeSecurityChange } from '../security-notices';

type Req = ClientInfo;
type User = { id: number; email: string; name: string };
type Token = { name: string; prefix: string; scopes: string[] };

/** Activity entry and e-mail to the owner: an API token was created. */
export async function noticeApiTokenCreated(deps: AppDeps, req: Req, user: User, token: Token) {
  await noticeSecurityChange(deps, req, user, {
    action: 'api_token.created',
    description: `Created the API token "${token.name}" (${token.prefix}…)`,
    severity: 'medium',
    kind: 'api-token-created',
    subject: 'A new API token was created',
    paragraphs: [
      `A new API token "${token.name}" (${token.prefix}…) was created for your account with these scopes: ${token.scopes.join(', ')}.`,
      'If this was not you, revoke it on the API tokens page of your profile and change your password.',
    ],
  });
}

/** Activity entry and e-mail to the owner: an API token was revoked. */
export async function noticeApiTokenRevoked(deps: AppDeps, req: Req, user: User, token: Token) {
  await noticeSecurityChange(deps, req, user, {
    action: 'api_token.revoked',
    description: `Revoked the API token "${token.name}" (${token.prefix}…)`,
    severity: 'medium',
    kind: 'api-token-revoked',
    subject: 'An API token was revoked',
    paragraphs: [
      `The API token "${token.name}" (${token.prefix}…) was revoked and can no longer be used.`,
    ],
  });
}
