import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { createActiveTenant } from './fixtures/active-tenant';
import { withDnsAndSignedInOwner } from './fixtures/dns-tenant';
import {
  addOidcConnection,
  newStaffSignsInWithSso,
  openSignedIn,
  verifyDomainThroughApi,
  withDnsAndOidcProvider,
} from './fixtures/sso';

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
  await withDnsAndSignedInOwner(page, context, 'sso', async (tenant, dns) => {
    await page.goto(`/dashboard/organizations/${tenant.uuid}`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/tab=security/);
    // No sign-in was refused yet: the failures list shows its empty text, not an empty table.
    await expect(page.getByText('No refused sign-ins.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sign-in failures' })).toHaveCount(0);

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
  });
});

/**
 * The OpenID Connect journey against a real OpenID provider in-process (oidc-provider): the owner
 * adds a connection in the Security tab, tests it (the claims received are shown, no session),
 * and a new staff member at the verified domain signs in with SSO from /login and lands in the
 * dashboard as a member of the organization.
 */
test('an owner adds and tests an OIDC connection; a new staff member signs in with SSO', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await withDnsAndOidcProvider(async (dns, idp) => {
    const tenant = await createActiveTenant(page.request, 'ssoidc');
    const domain = `${tenant.subdomain}-oidc.org.uk`;
    await verifyDomainThroughApi(page.request, tenant, dns, domain);

    idp.accounts.set('it-lead', { email: `it.lead@${domain}` });
    idp.accounts.set('staff', { email: `new.teacher@${domain}`, name: 'New Teacher' });

    await openSignedIn(page, tenant.token);
    await page.goto(`/dashboard/organizations/${tenant.uuid}?tab=security`);
    const card = await addOidcConnection(page, idp);
    await expect(card.getByText(`${baseURL}/api/v1/sso/oidc/callback`)).toBeVisible();
    await expect(card.getByText('Not tested')).toBeVisible();

    idp.loginAs('it-lead');
    await card.getByRole('button', { name: 'Test the connection' }).click();
    await expect(page).toHaveURL(/tab=security&sso_test=/, { timeout: 20_000 });
    const tested = page.getByRole('region', { name: 'School IdP' });
    await expect(tested.getByText('Test passed')).toBeVisible();
    await expect(tested.getByLabel('Claims received')).toContainText(`it.lead@${domain}`);

    // A new staff member, in a browser of their own.
    idp.loginAs('staff');
    await newStaffSignsInWithSso(browser, `new.teacher@${domain}`, 'ssoidc School');
  });
});
