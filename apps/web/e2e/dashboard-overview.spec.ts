import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { startOwnServer, type OwnServer } from './fixtures/own-server';

/**
 * Issue 23 (dashboard home) in the browser. The spec runs its own server whose instance domain
 * does not resolve, so the health worker's checks of the demo instance really fail (the shared
 * server's instances always answer); the demo customer's pending camp is subscribed by direct
 * debit with the test IBAN the bank refuses, so it really goes past due. The dashboard's Needs
 * attention then shows both, and each link leads to the page that fixes it; the instances list
 * shows the 30-day uptime bar. axe at 1280 and 390 px; screenshots in /tmp/shots/.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 4000;
let server: OwnServer;
let session: string;
let pinewood: string;
let instance: string;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${port}` });

async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const res = await request.fetch(`http://localhost:${port}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${session}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: never }).data;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, {
    INSTANCE_DOMAIN: 'instances.invalid',
    INSTANCE_HEALTH_INTERVAL_SECONDS: '2',
  });
  const login = await request.post(`${server.url}/api/v1/auth/login`, {
    data: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
  });
  expect(login.status()).toBe(200);
  session = ((await login.json()) as { data: { token: string } }).data.token;

  const orgs: Array<{ uuid: string; name: string }> = await api(request, 'GET', '/organizations');
  pinewood = orgs.find((o) => o.name === 'Pinewood Summer Camp')!.uuid;
  const instances: Array<{ uuid: string }> = await api(request, 'GET', '/instances');
  instance = instances[0]!.uuid;
  const iban: { id: string } = await api(request, 'POST', '/payments/test/payment-methods', {
    type: 'sepa_debit',
    iban: 'AT861904300235473202',
    name: 'Dana Whitfield',
    email: 'demo@scmp.test',
  });
  await api(request, 'POST', '/subscription', {
    organization_uuid: pinewood,
    plan_type: 'basic',
    additional_venues: 0,
    payment_method_id: iban.id,
    payment_type: 'direct_debit',
    billing_details: {
      name: 'Dana Whitfield',
      email: 'demo@scmp.test',
      address: {
        line1: '1 Lake Road',
        line2: '',
        city: 'Keswick',
        postal_code: 'CA12 5DJ',
        country: 'GB',
      },
    },
  });
  // The bank answers after a few seconds; the worker checks the instance every 2 s.
  await expect
    .poll(
      async () => {
        const overview: { needs_attention: Array<{ kind: string }> } = await api(
          request,
          'GET',
          '/dashboard/overview',
        );
        return overview.needs_attention.map((i) => i.kind).sort();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toEqual(expect.arrayContaining(['instance_unhealthy', 'payment_past_due']));
});

test.afterAll(async () => {
  await server?.stop();
});

/** Opens `path` signed in as the demo customer, `width` pixels wide. */
async function openSignedIn(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await consentToEssentialCookies(page);
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), session);
  await page.goto(path);
}

for (const width of [1280, 390]) {
  test(`Needs attention names the past-due payment and the unhealthy instance, and links to each fix @ ${width}px`, async ({
    page,
  }) => {
    await openSignedIn(page, width, '/dashboard');

    const attention = page.getByRole('region', { name: 'Needs attention' });
    const problems = attention.getByRole('list', { name: 'Problems to fix' });
    await expect(problems.getByText('Payment past due for Pinewood Summer Camp')).toBeVisible();
    await expect(
      problems.getByText(/Instance main \(Oakfield Primary School\) is unhealthy/),
    ).toBeVisible();
    // The tiles carry the figures and still lead to their sections.
    const instancesTile = page
      .getByRole('main')
      .getByRole('link', { name: 'Instances', exact: true });
    await expect(instancesTile).toHaveAttribute('href', '/dashboard/instances');
    await expect(instancesTile).toContainText('1 unhealthy');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Subscription', exact: true }),
    ).toContainText('1 past due');
    await expect(
      page.getByRole('region', { name: 'Subscriptions' }).getByTestId('subscription-line'),
    ).toHaveCount(2);
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/shots/dashboard-overview-${width}.png`, fullPage: true });

    await problems.getByRole('link', { name: /^Update the payment method/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/subscription\\?organization=${pinewood}$`));
    await expect(page.getByText(/Your payment is past due/)).toBeVisible();

    await page.goBack();
    await problems.getByRole('link', { name: /^Open the instance: Instance main/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/instances/${instance}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'main' })).toBeVisible();
  });

  test(`the instances list shows each instance's 30-day uptime bar @ ${width}px`, async ({
    page,
  }) => {
    await openSignedIn(page, width, '/dashboard/instances');
    const card = page.getByRole('article', { name: 'main' });
    const bar = card.getByRole('img', { name: /^Uptime 30 days: \d+(\.\d+)?%$/ });
    await expect(bar).toBeVisible();
    // One bar per day, each with its own figure; the seeded incidents show as days below 100%.
    await expect(bar.locator('rect')).toHaveCount(30);
    await expect(bar.locator('rect title').first()).toHaveText(
      /: (\d+(\.\d+)?% \(\d+ of \d+ checks failed\)|no data)$/,
    );
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/shots/instances-uptime-${width}.png`, fullPage: true });
  });
}
