import { expect, test } from '@playwright/test';
import { signInAsDemo } from './fixtures/demo-session';
import { expectAccessible } from './fixtures/axe';

/**
 * Issue 23 (activity and billing charts) in the browser, as the demo customer: the activity page
 * draws events per day stacked by type from the 90 seeded days, the subscription page draws a year
 * of invoices plus the upcoming one; each chart has bars, a text alternative (a table with the
 * figures) and passes axe at desktop and phone widths. Screenshots go to /tmp/shots/.
 */
for (const width of [1280, 390]) {
  test(`the activity page charts events per day by type @ ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const token = await signInAsDemo(page, 'light');
    const api = await page.request.get('/api/v1/activity/daily?days=90', {
      headers: { authorization: `Bearer ${token}` },
    });
    const series = ((await api.json()) as { data: { series: { total: number }[] } }).data.series;
    await page.goto('/dashboard/activity-log');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();

    const chart = page.getByTestId('activity-chart');
    await expect(
      chart.getByRole('img', { name: /Events per day \(UTC\), last 90 days\./ }),
    ).toBeVisible();
    expect(await chart.locator('svg rect[data-series]').count()).toBeGreaterThan(60);
    // The text alternative: a row per day with the same totals as the API.
    const table = chart.getByRole('table', { name: 'Events per day (UTC), last 90 days' });
    await expect(table.locator('tbody tr')).toHaveCount(90);
    const busiest = Math.max(...series.map((d) => d.total));
    await expect(
      table.locator('tbody tr td:last-child', { hasText: new RegExp(`^${busiest}$`) }).first(),
    ).toBeAttached();
    const sum = series.reduce((s, d) => s + d.total, 0);
    await expect(chart.getByText(new RegExp(`${sum} events in the last 90 days`))).toBeVisible();
    await chart.getByRole('button', { name: 'Show data' }).click();
    await expect(table).toBeVisible();
    await chart.getByRole('button', { name: 'Hide data' }).click();

    // The type filter narrows the chart to one series.
    await page.getByRole('combobox', { name: 'Activity type' }).click();
    await page.getByRole('option', { name: 'Sign-ins' }).click();
    await expect(chart.locator('svg rect[data-series="login"]').first()).toBeAttached();
    await expect(chart.locator('svg rect[data-series="security"]')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Activity type' }).click();
    await page.getByRole('option', { name: 'All activity' }).click();
    await expect(chart.locator('svg rect[data-series="security"]').first()).toBeAttached();

    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/shots/activity-chart-${width}.png`, fullPage: true });
    await chart.screenshot({ path: `/tmp/shots/activity-chart-${width}-detail.png` });
  });

  test(`the subscription page charts a year of invoices and the upcoming one @ ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsDemo(page, 'light');
    await page.goto('/dashboard/subscription');
    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name: 'Oakfield Primary School' }).click();

    const chart = page.getByTestId('invoiced-chart');
    await expect(chart.getByRole('img', { name: /Invoiced per month/ })).toBeVisible();
    expect(await chart.locator('svg rect[data-series="paid"]').count()).toBeGreaterThanOrEqual(11);
    await expect(chart.locator('svg rect[data-series="upcoming"]')).toHaveCount(1);
    const table = chart.getByRole('table', { name: /Invoiced per month/ });
    await expect(table.locator('tbody tr')).toHaveCount(13);
    await expect(table.getByRole('row', { name: /^Upcoming, / })).toContainText('£200.00');
    await expect(table.getByText('£250.00').first()).toBeAttached();
    await expect(page.getByTestId('upcoming-invoice')).toContainText('£200.00');
    await expect(chart.getByText(/invoiced over the last 12 months/)).toBeVisible();

    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/shots/invoiced-chart-${width}.png`, fullPage: true });
    await chart.screenshot({ path: `/tmp/shots/invoiced-chart-${width}-detail.png` });
  });
}

test('both charts read in the dark scheme', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemo(page, 'dark');
  await page.goto('/dashboard/activity-log');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('activity-chart').locator('svg rect').first()).toBeAttached();
  await page
    .getByTestId('activity-chart')
    .screenshot({ path: '/tmp/shots/activity-chart-dark.png' });
  await page.goto('/dashboard/subscription');
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: 'Oakfield Primary School' }).click();
  await expect(page.getByTestId('invoiced-chart').locator('svg rect').first()).toBeAttached();
  await page
    .getByTestId('invoiced-chart')
    .screenshot({ path: '/tmp/shots/invoiced-chart-dark.png' });
});
