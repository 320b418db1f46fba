import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createActiveTenant } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback (local mode allows plain http to this machine). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/scmp`, received, close: () => server.close() };
}

/**
 * Issue 22 in the browser: an owner creates an API token and a webhook in the web app, their
 * "integration" deploys an instance with the token, and the delivery of instance.activated
 * appears in the webhook's log, signed with the secret the dialog showed once.
 */
test('a webhook created in the web app receives instance.activated after a deploy', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const tenant = await createActiveTenant(page.request, 'hooks');
    await consentToEssentialCookies(page);
    await page.goto('/login');
    await page.evaluate((value) => window.localStorage.setItem('token', value), tenant.token);

    // --- an API token for the integration
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const tokenDialog = page.getByRole('dialog', { name: 'Create an API token' });
    await tokenDialog.getByLabel('Token name').fill('Booking system');
    // Once, on a loaded CI machine, this click left the box unchecked (the only failure in ~190
    // browser tests; 6/6 passed on repeat): the check is retried until the box reads checked.
    const scope = tokenDialog.getByRole('checkbox', { name: 'instances:write' });
    await expect(async () => scope.check({ timeout: 2000 })).toPass({ timeout: 10_000 });
    await tokenDialog.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-api-token').textContent()) ?? '';
    expect(token).toMatch(/^scmp_pat_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // --- a webhook on the organization's Webhooks tab
    await page.goto(`/dashboard/organizations/${tenant.uuid}`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\?tab=webhooks$/);
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(dialog.getByText('The URL field is required.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Booking system');
    await dialog.getByRole('checkbox', { name: 'instance.activated' }).check();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    const shown = page.getByTestId('new-webhook-secret');
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
    const secret = (await shown.textContent()) ?? '';
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
    await expect(row).toContainText('instance.activated');
    await expect(row).toContainText('Enabled');
    await expect(page.getByText(secret)).toHaveCount(0);

    // --- the integration deploys an instance with its token
    const deployed = await page.request.post('/api/v1/instances', {
      headers: { authorization: `Bearer ${token}` },
      data: { organization_uuid: tenant.uuid, name: 'Hooks portal' },
    });
    expect(deployed.status(), await deployed.text()).toBe(201);

    // --- the delivery appears in the log, and the receiver got it signed
    const log = page.getByTestId('delivery-log');
    await expect(log.getByTestId('delivery-row').first()).toContainText('instance.activated', {
      timeout: 30_000,
    });
    await expect(log.getByTestId('delivery-row').first()).toContainText('succeeded');
    await expect(log).toContainText('HTTP 200');
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const id = String(request!.headers['webhook-id']);
    const timestamp = String(request!.headers['webhook-timestamp']);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${id}.${timestamp}.${request!.body}`)
      .digest('base64');
    expect(request!.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'instance.activated', id });

    // --- a test ping, and the log shows it
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();
    await expect(log.getByTestId('delivery-row').first()).toContainText('ping', {
      timeout: 15_000,
    });
    await expect(log.getByTestId('delivery-row').first()).toContainText('succeeded', {
      timeout: 15_000,
    });
  } finally {
    receiver.close();
  }
});
