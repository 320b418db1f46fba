import { exportReadme } from '../export-readme';

/**
 * The categories of a person's own export (issue 38): one JSON file each, and README.txt
 * explaining them. Columns are chosen one by one: never a password hash, TOTP secret, recovery
 * code, passkey key material, token or token hash, webhook secret, session token, mail body
 * (they carry sign-in and reset links) or another person's private data.
 */
export const PERSONAL_EXPORT_FILES: Record<string, string> = {
  'profile.json': 'Your profile: name, e-mail address, phone, bio, location, website, dates.',
  'sign-in-methods.json':
    'How you sign in: whether two-factor authentication is on (not its secret or recovery codes) and your passkeys (names and dates, not their keys).',
  'sessions.json':
    'Devices that signed in to your account: browser, IP address, when they started, were last active and ended.',
  'notifications.json':
    'Your notification preferences and the e-mails we sent you (subject, kind, status and dates; not the message bodies, which held one-time links).',
  'activity.json': 'Your activity log: sign-ins, security and account changes, with IP addresses.',
  'organizations.json':
    'Organizations you own and the ones you are a member of, with your role in each.',
  'tickets.json':
    'Support tickets you opened, with their messages (other people are shown by their role only) and the names of their attachments, which are in attachments/.',
  'invoices.json': 'Invoices of the organizations you own; each one is also in invoices/ as a PDF.',
  'api-tokens-and-webhooks.json':
    'Your API tokens and the webhook endpoints you created: names, scopes or events, dates (never the tokens or signing secrets).',
  'consent.json':
    'What you agreed to and when: the Terms at registration, your marketing e-mail choice. Cookie choices are kept in your browser only.',
};

export function readme(productName: string, generatedAt: Date): string {
  return exportReadme({
    title: `${productName}: your data export`,
    generatedAt,
    holds: 'the personal data we keep about you',
    files: PERSONAL_EXPORT_FILES,
    closing: [
      'attachments/ and invoices/ hold the files themselves. Secrets (password hash, two-factor',
      'secret, recovery codes, passkey keys, tokens) are never exported: they only let you sign in.',
    ],
  });
}
