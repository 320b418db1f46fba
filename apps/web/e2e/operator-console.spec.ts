import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { expectAccessible } from './fixtures/axe';

/**
 * Issue 23 (operator console) in the browser: the staff demo account opens /dashboard/staff and
 * sees MRR with its trend chart and the past-due list with both seeded customers; searching the
 * customers finds the demo customer, whose read-only view opens. A customer sees no entry and
 * the not-found page. Axe finds nothing serious; screenshots at 1280 and 390 px.
 */
const SHOTS = '/tmp/shots';

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email, password: 'DemoPass!2026' },
  });
  expect(login.status()).toBe(200);
  const session = ((await login.json()) as { data: { token: string } }).data.token;
  await consentToEssentialCookies(page);
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), session);
}

for (const width of [1280, 390]) {
  test(`the operator console shows MRR, past due, customers and a customer @ ${width}px`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'staff@scmp.test');
    await page.goto('/dashboard/staff');

    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await expect(page.getByTestId('tile-mrr')).toContainText(/£[\d,]+/);
    await expect(
      page.getByRole('img', { name: /Monthly recurring revenue, last 12 months/ }),
    ).toBeVisible();
    // Every past-due subscription the API counts is listed (the seed has two: Hillside Day Camp
    // and Brookfield Nursery; other specs may add more).
    const overview = await page.request.get('/api/v1/staff/overview', {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
      },
    });
    const total = ((await overview.json()) as { data: { past_due: { total: number } } }).data
      .past_due.total;
    expect(total).toBeGreaterThanOrEqual(2);
    const pastDue = page.getByTestId('past-due-list');
    await expect(pastDue.locator('tbody tr')).toHaveCount(total);
    await expect(page.getByRole('heading', { name: `Past due (${total})` })).toBeVisible();
    await expect(pastDue.getByRole('link', { name: 'Hillside Day Camp' })).toBeVisible();
    await expect(pastDue.getByRole('link', { name: 'Brookfield Nursery' })).toBeVisible();
    await expect(pastDue.getByTestId('days-overdue').first()).toHaveText(/^\d+ days?$/);
    await expect(page.getByRole('link', { name: 'Open the ticket queue' })).toHaveAttribute(
      'href',
      '/dashboard/support/staff',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/operator-console-${width}.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByLabel('Search customers').fill('demo@');
    const customers = page.getByTestId('customers-list');
    await expect(customers.locator('tbody tr')).toHaveCount(1);
    await expect(customers.getByRole('link', { name: 'Dana Whitfield' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/operator-customers-${width}.png`, fullPage: true });

    await customers.getByRole('link', { name: 'Dana Whitfield' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dana Whitfield' })).toBeVisible();
    await expect(page.getByText('Read-only view')).toBeVisible();
    await expect(page.getByTestId('customer-organizations')).toContainText(
      'Oakfield Primary School',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/operator-customer-${width}.png`, fullPage: true });

    await page.goto('/dashboard/staff?tab=instances');
    await expect(page.getByTestId('instances-list')).toContainText('main-oakfield');
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/operator-instances-${width}.png`, fullPage: true });
  });
}

// Issue 38: the worker runs the retention job (scheduled at start, then hourly); staff see the
// latest run's rows removed per rule, the recent runs and the organizations in their closing window.
test('staff see the data retention summary', async ({ page }) => {
  await signIn(page, 'staff@scmp.test');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  type Summary = { data: { runs: Array<{ status: string; results: unknown[] }> } };
  let summary: Summary['data'] | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/staff/retention', {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status()).toBe(200);
        summary = ((await res.json()) as Summary).data;
        return summary.runs.some((r) => r.status !== 'running');
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto('/dashboard/staff');
  await page.getByRole('tab', { name: 'Data retention' }).click();
  await expect(page).toHaveURL(/tab=retention/);
  await expect(page.getByRole('heading', { level: 2, name: 'Data retention' })).toBeVisible();
  const latest = page.getByTestId('retention-latest');
  await expect(latest.locator('tbody tr')).toHaveCount(10);
  await expect(
    latest.getByRole('row', { name: /Sign-in sessions.*30 days of inactivity.*\d+ removed/ }),
  ).toBeVisible();
  await expect(
    latest.getByRole('row', { name: /Activity log.*2 years after the event.*\d+ removed/ }),
  ).toBeVisible();
  // Until organization closure registers its purge, that rule says so instead of a count.
  await expect(
    latest.getByRole('row', { name: /Closed organizations.*(\d+ removed|Not connected)$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('retention-runs').locator('tbody tr').first()).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Organizations closing \(\d+\)$/ }),
  ).toBeVisible();
  await expectAccessible(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/operator-retention.png`, fullPage: true });
});

test('a customer has no operator console', async ({ page }) => {
  await signIn(page, 'demo@scmp.test');
  await page.goto('/dashboard/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu for Dana Whitfield' }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Operator console' })).toHaveCount(0);
});
