import { exportReadme } from '../export-readme';

/**
 * The categories of an organization's export (issue 38), one JSON file each, explained in
 * README.txt. Columns are chosen one by one: never a password hash, TOTP secret, token or token
 * hash, invitation token, webhook or SSO secret, session, DNS challenge value or e-mail body.
 */
export const ORGANIZATION_EXPORT_FILES: Record<string, string> = {
  'organization.json': 'The organization: name, type, description, subdomain, status and dates.',
  'members.json':
    'Members with their roles and when they joined, and the invitations sent (address, role, status, dates).',
  'instances.json':
    'Instances (portals) with their hosts, custom domains and certificate status, and their health history: daily figures and the individual checks kept (90 days).',
  'branding.json':
    'Branding of the organization and of each instance: colours, texts, front pages; the logo and favicon files are in branding/.',
  'tickets.json':
    'Support tickets filed for the organization, with their messages and the names of their attachments, which are in attachments/.',
  'billing.json':
    'The subscription (plan, status, periods, billing details) and every invoice with its lines.',
  'activity.json':
    'The organization’s event log (the events its webhooks are sent) and its members’ activity on the organization (what was changed, by whom and when).',
  'webhooks.json':
    'Webhook endpoints (address, events, state; never their signing secrets) and their recent deliveries.',
  'domains-and-sso.json':
    'Verified e-mail domains and single sign-on connections (settings only; never client secrets).',
};

export function organizationReadme(productName: string, name: string, at: Date): string {
  return exportReadme({
    title: `${productName}: data export of the organization "${name}"`,
    generatedAt: at,
    holds: 'the data we keep about the organization',
    files: ORGANIZATION_EXPORT_FILES,
    closing: [
      'branding/ and attachments/ hold the files themselves. Secrets (passwords, two-factor secrets,',
      'tokens, webhook signing secrets, SSO client secrets) are never exported.',
    ],
  });
}
