import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  subscriptionBody,
  TEST_CARD,
  testBillingDetails,
} from '../../server/src/testing/test-subscription';
import { signedInContext } from './fixtures/accounts';

const PASSWORD = 'DemoPass!2026';
const port = new URL(baseURL).port;

/** Subscribes an organization in test mode (card 4242…) so it is active and may deploy instances. */
async function subscribe(page: Page, token: string, organizationUuid: string) {
  const headers = { authorization: `Bearer ${token}` };
  const card = await page.request.post('/api/v1/payments/test/payment-methods', {
    headers,
    data: TEST_CARD,
  });
  expect(card.status()).toBe(201);
  const paymentMethodId = ((await card.json()) as { data: { id: string } }).data.id;
  const res = await page.request.post('/api/v1/subscription', {
    headers,
    data: subscriptionBody(organizationUuid, paymentMethodId, {
      plan_type: 'unlimited',
      billing_details: testBillingDetails('Dana Whitfield', 'demo@scmp.test'),
    }),
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('organizations and instances: create, edit, deploy, visit, suspend, resume, delete', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const slug = `e2e-${stamp}`;
  const { page, token } = await signedInContext(browser, 'demo@scmp.test', PASSWORD);

  // --- the list, with the seeded organizations
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Oakfield Primary School' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Oakfield Primary School' }).getByText('oakfield.localhost'),
  ).toBeVisible();

  // --- create with a live-checked subdomain (lower-cased as typed)
  await page.getByRole('button', { name: 'New Organization' }).click();
  const form = page.getByRole('form', { name: 'Create organization' });
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(form.getByText('Organization name is required')).toBeVisible();
  await expect(form.getByText('Organization type is required')).toBeVisible();
  await form.getByLabel('Organization name').fill(`E2E Academy ${stamp}`);
  await form.getByRole('combobox', { name: 'Organization type' }).click();
  await page.getByRole('option', { name: 'School', exact: true }).click();
  await form.getByLabel('Description').fill('Created by the browser test');
  await form.getByLabel('Subdomain').fill('oakfield');
  await expect(form.getByText('This subdomain is already taken')).toBeVisible();
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(
    form.getByText('Please ensure the subdomain is available before submitting.'),
  ).toBeVisible();
  await form.getByLabel('Subdomain').fill(slug.toUpperCase());
  await expect(form.getByLabel('Subdomain')).toHaveValue(slug);
  await expect(form.getByText('Subdomain is available')).toBeVisible();
  await form.getByRole('button', { name: 'Create Organization' }).click();
  const card = page.getByRole('article', { name: `E2E Academy ${stamp}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${slug}.localhost`)).toBeVisible();
  await expect(card.getByText('0 locations')).toBeVisible();

  // --- edit it inline
  await card.getByRole('link', { name: `Manage E2E Academy ${stamp}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`E2E Academy ${stamp}`) }),
  ).toBeVisible();
  const orgUuid = page.url().split('/').pop() ?? '';
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit organisation' });
  await edit.getByLabel('Organisation name').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Organisation name is required')).toBeVisible();
  await edit.getByLabel('Organisation name').fill(`E2E College ${stamp}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`E2E College ${stamp}`) }),
  ).toBeVisible();
  await expect(page.getByText('No instances yet.')).toBeVisible();

  // --- deploy an instance (the organization needs a subscription first) and watch it go active
  await subscribe(page, token, orgUuid);
  await page.getByRole('link', { name: 'Create Instance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instances' })).toBeVisible();
  const deploy = page.getByRole('form', { name: 'Deploy new instance' });
  await deploy.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: `E2E College ${stamp}`, exact: true }).click();
  await deploy.getByLabel('Instance name').fill('Main Site');
  await deploy.getByLabel('Subdomain prefix').fill('Portal');
  await expect(deploy.getByText(`portal-${slug}.instances.localhost`)).toBeVisible();
  await deploy.getByRole('button', { name: 'Deploy Instance' }).click();
  const instance = page.getByRole('article', { name: 'Main Site' });
  await expect(instance).toBeVisible();
  // The list refreshes on its own while the worker provisions it.
  await expect(instance.getByText('Active', { exact: true })).toBeVisible({ timeout: 20_000 });
  // No TLS proxy in front of this server: the badge says so rather than a fake "active".
  await expect(instance.getByText('SSL: Not configured (local)')).toBeVisible({ timeout: 20_000 });
  await expect(instance.getByRole('button', { name: 'Suspend Main Site' })).toBeVisible();
  await expect(instance.getByRole('button', { name: 'Resume Main Site' })).toHaveCount(0);

  // --- its host serves the school's branded front page in Chromium
  const branded = await page.request.put(`/api/v1/branding/${orgUuid}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { company_name: `College Portal ${stamp}`, primary_color: '#0F766E' },
  });
  expect(branded.status(), await branded.text()).toBe(200);
  const host = `portal-${slug}.instances.localhost`;
  const portal = await page.context().newPage();
  const landing = await portal.goto(`http://${host}:${port}/`);
  expect(landing?.status()).toBe(200);
  await expect(portal).toHaveTitle(`College Portal ${stamp}`);
  await expect(
    portal.getByRole('heading', { level: 1, name: `College Portal ${stamp}` }),
  ).toBeVisible();
  // (Node's resolver does not know *.localhost; Chromium does.)
  const healthz = await portal.goto(`http://${host}:${port}/healthz`);
  expect(await healthz?.json()).toMatchObject({ status: 'ok' });

  // --- suspend (it asks first): the host answers 503; resume: it serves again
  await instance.getByRole('button', { name: 'Suspend Main Site' }).click();
  await page
    .getByRole('dialog', { name: 'Suspend Main Site?' })
    .getByRole('button', { name: 'Suspend instance' })
    .click();
  await expect(instance.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(instance.getByRole('button', { name: 'Suspend Main Site' })).toHaveCount(0);
  const suspended = await portal.goto(`http://${host}:${port}/`);
  expect(suspended?.status()).toBe(503);
  await expect(portal.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();
  await instance.getByRole('button', { name: 'Resume Main Site' }).click();
  await expect(instance.getByText('Active', { exact: true })).toBeVisible();
  expect((await portal.goto(`http://${host}:${port}/`))?.status()).toBe(200);

  // --- instance detail, then delete it from the Danger Zone
  await instance.getByRole('link', { name: 'Manage Main Site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Main Site' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Analytics' })).toBeDisabled();
  await expect(page.getByText('Coming Soon')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Branding' })).toHaveAttribute(
    'href',
    /\/dashboard\/branding\/[0-9a-f-]{36}$/,
  );
  await page.getByRole('button', { name: 'Delete Instance' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Are you sure you want to delete the instance "Main Site"?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete Instance' }).click();
  await expect(page).toHaveURL(/\/dashboard\/instances$/);
  await expect(page.getByText('Instance "Main Site" has been deleted successfully.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Main Site' })).toHaveCount(0);
  expect((await portal.goto(`http://${host}:${port}/`))?.status()).toBe(404);
  // The banner came from navigation state and is gone after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Instances' })).toBeVisible();
  await expect(page.getByText('Instance "Main Site" has been deleted successfully.')).toHaveCount(
    0,
  );

  // --- an organization is closed from its danger zone (typed name), not deleted at once
  await page.goto('/dashboard/organizations');
  await page.getByRole('button', { name: 'New Organization' }).click();
  const second = page.getByRole('form', { name: 'Create organization' });
  await second.getByLabel('Organization name').fill(`Throwaway Camp ${stamp}`);
  await second.getByRole('combobox', { name: 'Organization type' }).click();
  await page.getByRole('option', { name: 'Camp', exact: true }).click();
  await second.getByRole('button', { name: 'Create Organization' }).click();
  const throwaway = page.getByRole('article', { name: `Throwaway Camp ${stamp}` });
  await expect(throwaway.getByText(`throwaway-camp-${stamp}.localhost`)).toBeVisible();
  await throwaway.getByRole('link', { name: `Manage Throwaway Camp ${stamp}` }).click();
  const zone = page.getByRole('region', { name: 'Close organization' });
  await zone.getByRole('button', { name: 'Close organization…' }).click();
  await zone
    .getByRole('textbox', { name: /Type the organization’s name/ })
    .fill(`Throwaway Camp ${stamp}`);
  await zone.getByRole('button', { name: 'Close this organization' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'This organization is closing' }),
  ).toBeVisible();
});

test('the tenant subdomain screen checks live and saves', async ({ browser }) => {
  const { page } = await signedInContext(browser, 'demo@scmp.test', PASSWORD);
  await page.goto('/dashboard/organizations');
  await page
    .getByRole('article', { name: 'Pinewood Summer Camp' })
    .getByRole('link', { name: /Manage/ })
    .click();
  await page.getByRole('link', { name: 'Subdomain' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Subdomain' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Subdomain' });
  await expect(field).toHaveValue('pinewood');
  // The unchanged current slug counts as available.
  await expect(page.getByText('Subdomain is available')).toBeVisible();
  await expect(page.getByText('reachable only while your organization is active')).toBeVisible();
  await field.fill('oakfield');
  await expect(page.getByText('This subdomain is already taken')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create or Update Subdomain' })).toBeDisabled();
  await field.fill('www');
  await expect(page.getByText('This subdomain is reserved').first()).toBeVisible();
  await field.fill('pinewood-camp');
  await expect(page.getByText('Subdomain is available')).toBeVisible();
  await expect(page.getByText(`http://pinewood-camp.localhost:${port}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create or Update Subdomain' }).click();
  await expect(
    page.getByText('Organization subdomain updated successfully.').first(),
  ).toBeVisible();
  const panel = page.getByRole('heading', { name: 'Current Configuration' }).locator('..');
  await expect(panel.getByText('pinewood-camp', { exact: true })).toBeVisible();
});
