import { expect, test } from '@playwright/test';
import { startTestDnsServer } from '../../server/src/testing/dns-server';
import { serveTestSamlIdp } from '../../server/src/testing/saml-idp';
import { baseURL, dnsPort } from '../playwright.config';
import { createActiveTenant } from './fixtures/active-tenant';
import { newStaffSignsInWithSso, openSignedIn, verifyDomainThroughApi } from './fixtures/sso';

/**
 * Issue 37, the SAML journey through the SP metadata: the owner adds a SAML 2.0 connection in the
 * Security tab by pasting the (test) identity provider's metadata, reads the entity ID, ACS URL
 * and SP metadata URL to paste back, tests the connection (the IdP's page posts its signed
 * response to the ACS; the attributes received are shown, no session), and a new staff member at
 * the verified domain signs in with SSO from /login and lands in the organization as a member.
 * The IdP runs on 127.0.0.1, another site than localhost: its form post is cross-site, as a real
 * IdP's is.
 */
test('an owner adds and tests a SAML connection; a new staff member signs in through it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const dns = await startTestDnsServer(dnsPort);
  const idp = await serveTestSamlIdp();
  try {
    const tenant = await createActiveTenant(page.request, 'sssaml');
    const domain = `${tenant.subdomain}-saml.org.uk`;
    await verifyDomainThroughApi(page.request, tenant, dns, domain);

    await openSignedIn(page, tenant.token);
    await page.goto(`/dashboard/organizations/${tenant.uuid}?tab=security`);
    await page.getByRole('button', { name: 'Add connection' }).click();
    await page.getByText('SAML 2.0').click();
    const form = page.getByRole('form', { name: 'Add a SAML connection' });
    await form.getByLabel('Name').fill('School SAML');
    await form.getByLabel('Identity provider metadata (XML)').fill(idp.metadataXml);
    await form.getByRole('button', { name: 'Add connection' }).click();
    const card = page.getByRole('region', { name: 'School SAML' });
    await expect(card.getByText('Not tested')).toBeVisible();
    const acs = card.getByText(/\/api\/v1\/sso\/saml\/[0-9a-f-]{36}\/acs$/);
    await expect(acs).toBeVisible();
    const acsUrl = (await acs.textContent()) ?? '';
    expect(acsUrl.startsWith(`${baseURL}/api/v1/sso/saml/`)).toBe(true);
    const metadataUrl = acsUrl.replace(/\/acs$/, '/metadata');
    await expect(card.getByText(metadataUrl).first()).toBeVisible();
    await expect(card.getByText(idp.entityId)).toBeVisible();

    // The SP metadata the IdP's admin would load.
    const metadata = await page.request.get(metadataUrl);
    expect(metadata.status()).toBe(200);
    const spXml = await metadata.text();
    expect(spXml).toContain(`entityID="${metadataUrl}"`);
    expect(spXml).toContain(`Location="${acsUrl}"`);
    expect(spXml).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');

    idp.loginAs({ email: `it.lead@${domain}`, name: 'IT Lead', groups: ['staff'] });
    await card.getByRole('button', { name: 'Test the connection' }).click();
    await expect(page).toHaveURL(/tab=security&sso_test=/, { timeout: 20_000 });
    const tested = page.getByRole('region', { name: 'School SAML' });
    await expect(tested.getByText('Test passed')).toBeVisible();
    await expect(tested.getByLabel('Attributes received')).toContainText(`it.lead@${domain}`);

    // A new staff member, in a browser of their own.
    idp.loginAs({ email: `new.teacher@${domain}`, name: 'New Teacher' });
    await newStaffSignsInWithSso(browser, `new.teacher@${domain}`, 'sssaml School');

    const members = await page.request.get(`/api/v1/organizations/${tenant.uuid}/members`, {
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(await members.text()).toContain(`new.teacher@${domain}`);
  } finally {
    await idp.close();
    await dns.close();
  }
});
