import { securityChangeNotices } from '../security-notices';

type Token = { name: string; prefix: string; scopes: string[] };

const label = (token: Token) => `"${token.name}" (${token.prefix}…)`;

/** Activity entry and e-mail to the owner: an API token was created or revoked. */
export const noticeApiTokenChange = securityChangeNotices(
  { action: 'api_token', kind: 'api-token' },
  {
    created: (token: Token) => ({
      description: `Created the API token ${label(token)}`,
      severity: 'medium',
      subject: 'A new API token was created',
      paragraphs: [
        `A new API token ${label(token)} was created for your account with these scopes: ${token.scopes.join(', ')}.`,
        'If this was not you, revoke it on the API tokens page of your profile and change your password.',
      ],
    }),
    revoked: (token: Token) => ({
      description: `Revoked the API token ${label(token)}`,
      severity: 'medium',
      subject: 'An API token was revoked',
      paragraphs: [`The API token ${label(token)} was revoked and can no longer be used.`],
    }),
  },
);
