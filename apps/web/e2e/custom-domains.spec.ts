import http from 'node:http';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { withDnsAndSignedInOwner } from './fixtures/dns-tenant';

/** GET on this server with another Host header, as a browser visiting the custom domain would. */
function getWithHost(host: string, path: string) {
  const { port } = new URL(baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Issue 24 in the browser: an owner adds a custom domain on the instance page, sees the two DNS
 * records with copy buttons, the records appear in the (test) DNS server, Verify now turns the
 * status to Verified and the domain serves the portal; the SSL badge tells the real state.
 */
test('a custom domain is added, its DNS records shown and verified, and then served', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await withDnsAndSignedInOwner(page, context, 'domains', async (tenant, dns) => {
    const auth = { authorization: `Bearer ${tenant.token}` };
    const deployed = await page.request.post('/api/v1/instances', {
      headers: auth,
      data: { organization_uuid: tenant.uuid, name: 'Main Site', subdomain: 'main' },
    });
    expect(deployed.status(), await deployed.text()).toBe(201);
    const instance = (await deployed.json()).data as { uuid: string; host: string };

    await page.goto(`/dashboard/instances/${instance.uuid}`);
    await expect(page.getByText('SSL: Not configured (local)')).toBeVisible({ timeout: 20_000 });

    const card = page.getByRole('region', { name: 'Custom domain' });
    await card.getByLabel('Domain').fill('localhost');
    await card.getByRole('button', { name: 'Save domain' }).click();
    await expect(card.getByText('localhost cannot be used as a custom domain')).toBeVisible();

    const domain = `portal.${tenant.subdomain}.test`;
    await card.getByLabel('Domain').fill(`https://${domain}/`);
    await card.getByRole('button', { name: 'Save domain' }).click();
    await expect(card.getByTestId('custom-domain-status')).toHaveText('Waiting for DNS');
    const records = card.getByRole('table', { name: 'DNS records to create' });
    await expect(records.getByRole('row')).toHaveCount(3);
    await expect(records.getByText(instance.host, { exact: true })).toBeVisible();
    await expect(records.getByText(`_scmp-challenge.${domain}`, { exact: true })).toBeVisible();

    // The copy buttons put each value on the clipboard.
    await card.getByRole('button', { name: 'Copy TXT record value' }).click();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^scmp-verify-[0-9a-f]{32}$/);
    await card.getByRole('button', { name: 'Copy CNAME record value' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(instance.host);

    // Not verified yet: the check says what it saw, and the domain is not served.
    await card.getByRole('button', { name: 'Verify now' }).click();
    await expect(card.getByText('TXT record not found')).toBeVisible();
    expect((await getWithHost(domain, '/healthz')).status).toBe(404);

    // The records appear in DNS; Verify now finds them.
    dns.set(`_scmp-challenge.${domain}`, 'TXT', [token]);
    dns.set(domain, 'CNAME', [instance.host]);
    await card.getByRole('button', { name: 'Verify now' }).click();
    await expect(card.getByTestId('custom-domain-status')).toHaveText('Verified');
    await expect(card.getByText('TXT record not found')).toHaveCount(0);
    const health = await getWithHost(domain, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', instance: instance.uuid });

    // The instances list shows the domain with its state and the SSL badge.
    await page.goto('/dashboard/instances');
    const listed = page.getByRole('article', { name: 'Main Site' });
    await expect(listed.getByText(`${domain} (Verified)`)).toBeVisible();
    await expect(listed.getByText('SSL: Not configured (local)')).toBeVisible();
  });
});
