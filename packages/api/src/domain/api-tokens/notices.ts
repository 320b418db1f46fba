import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { noticeSecurityChange, type SecurityChange } from '../security-notices';

type Req = ClientInfo;
type User = { id: number; email: string; name: string };
type Token = { name: string; prefix: string; scopes: string[] };
type TokenChange = 'created' | 'revoked';
type ChangeTexts = Pick<SecurityChange, 'description' | 'subject' | 'paragraphs'>;

/**
 * What the activity log and the owner's e-mail say when an API token is created or revoked; the
 * action (`api_token.<change>`) and the mail kind (`api-token-<change>`) follow from the change.
 */
const TOKEN_CHANGES: Record<TokenChange, (token: Token, label: string) => ChangeTexts> = {
  created: (token, label) => ({
    description: `Created the API token ${label}`,
    subject: 'A new API token was created',
    paragraphs: [
      `A new API token ${label} was created for your account with these scopes: ${token.scopes.join(', ')}.`,
      'If this was not you, revoke it on the API tokens page of your profile and change your password.',
    ],
  }),
  revoked: (_token, label) => ({
    description: `Revoked the API token ${label}`,
    subject: 'An API token was revoked',
    paragraphs: [`The API token ${label} was revoked and can no longer be used.`],
  }),
};

/** Activity entry and e-mail to the owner: an API token was created or revoked. */
export async function noticeApiTokenChange(
  deps: AppDeps,
  req: Req,
  user: User,
  change: TokenChange,
  token: Token,
) {
  await noticeSecurityChange(deps, req, user, {
    action: `api_token.${change}`,
    kind: `api-token-${change}`,
    severity: 'medium',
    ...TOKEN_CHANGES[change](token, `"${token.name}" (${token.prefix}…)`),
  });
}
