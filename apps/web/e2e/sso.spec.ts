import { expect, test } from '@playwright/test';
import { startTestDnsServer } from '../../server/src/testing/dns-server';
import { baseURL, dnsPort } from '../playwright.config';
import { createActiveTenant } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/**
 * Issue 37 in the browser, the first step of single sign-on: an owner opens the organization's
 * Security tab, a public mailbox provider is refused, the school's own domain is added with the
 * TXT record to create (copy buttons), and Verify finds the record in the (test) DNS server.
 */
test('an admin verifies the organization’s e-mail domain in the Security tab', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const dns = await startTestDnsServer(dnsPort);
  try {
    const tenant = await createActiveTenant(page.request, 'sso');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await consentToEssentialCookies(page);
    await page.goto('/login');
    await page.evaluate((value) => window.localStorage.setItem('token', value), tenant.token);
    await page.goto(`/dashboard/organizations/${tenant.uuid}`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/tab=security/);

    await page.getByLabel('Domain').fill('gmail.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(/gmail\.com is a public mailbox provider/)).toBeVisible();

    const domain = `${tenant.subdomain}-school.org.uk`;
    await page.getByLabel('Domain').fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.getByRole('region', { name: domain });
    await expect(card.getByText('Waiting for DNS')).toBeVisible();
    await expect(card.getByText(`_scmp-verify.${domain}`, { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Copy record value' }).click();
    const value = await page.evaluate(() => navigator.clipboard.readText());
    expect(value).toMatch(/^scmp-verify=[0-9a-f]{32}$/);

    await card.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(card.getByText('Last check: TXT record not found')).toBeVisible();

    dns.set(`_scmp-verify.${domain}`, 'TXT', [value]);
    await card.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await expect(card.getByText(/it is checked daily/)).toBeVisible();
  } finally {
    await dns.close();
  }
});
