import { expect, test, type Page } from '@playwright/test';
import { demoWithNewOrganization, signInAsDemo } from './fixtures/demo-session';
import { fillPaymentDetails } from './fixtures/test-payment';

async function fillPaymentForm(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await fillPaymentDetails(page, 'demo@scmp.test');
}

/** Confirms the change the dialog asks about, at the amount it shows. */
async function confirmAndPay(page: Page, dialog: string) {
  await page
    .getByRole('dialog', { name: dialog })
    .getByRole('button', { name: /^Confirm and pay £/ })
    .click();
}

test('subscribe in test mode, add a location, download an invoice, change plan, cancel', async ({
  page,
}) => {
  // Test mode never contacts Stripe (no Stripe.js, no api.stripe.com).
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (/stripe\.com/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
  });
  const { orgName } = await demoWithNewOrganization(page, 'Billing Test');

  await page.goto('/dashboard/subscription');
  await expect(page.getByText('Test mode — no real charges').first()).toBeVisible();
  await expect(
    page.getByText('Please select an organization to view and manage its subscription.'),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: orgName }).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByTestId('due-today-total')).toHaveText('£400.00');
  await page.getByRole('button', { name: 'Pay £400 & Start Subscription' }).click();

  // A declined card: the provider's message in a red banner.
  await fillPaymentForm(page, '4000 0000 0000 0002');
  await page.screenshot({
    path: test.info().outputPath('subscription-choose.png'),
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Pay £400', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();

  // The 4242 card succeeds.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £400', exact: true }).click();
  const current = page.getByTestId('current-plan');
  await expect(current).toBeVisible();
  await expect(current.getByText('Basic plan')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('active');
  await expect(current.getByText('Locations: 0 of 1 used')).toBeVisible();

  // Add a location: the prorated amount due today is shown first.
  await page.getByRole('combobox', { name: 'Locations to add' }).click();
  await page.getByRole('option', { name: '1', exact: true }).click();
  await expect(page.getByTestId('add-locations-preview')).toContainText(
    'Due today (prorated for the rest of the billing period): £',
  );
  await page.getByRole('button', { name: 'Add Locations' }).click();
  await confirmAndPay(page, 'Add 1 location?');
  await expect(current.getByText('Locations: 0 of 2 used')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Billing history' }).getByRole('row');
  await expect(rows).toHaveCount(3);

  // Download the first invoice's PDF.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).last().click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const fs = await import('node:fs');
  expect(fs.readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

  // Change plan to Unlimited (proration preview shown on the card).
  await expect(page.getByTestId('plan-preview-unlimited')).toContainText('Due today (prorated): £');
  await page.getByRole('button', { name: 'Change to this plan' }).click();
  await confirmAndPay(page, 'Change to the Unlimited plan?');
  await expect(current.getByText('Unlimited plan')).toBeVisible();
  await expect(current.getByText(/of unlimited used/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Locations' })).toHaveCount(0);

  // Cancel with confirmation: service continues to the end of the period.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(page.getByText(/Your subscription is cancelled and will end on /)).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('cancelled');
  await expect(page.getByRole('heading', { name: 'Change Your Plan' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Billing History' })).toHaveCount(0);
  await page.screenshot({
    path: test.info().outputPath('subscription-cancelled.png'),
    fullPage: true,
  });
  expect(stripeRequests).toEqual([]);
});

test('the seeded active organization shows its Basic plan and billing history', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.goto('/dashboard/subscription');
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: 'Oakfield Primary School' }).click();
  await expect(page.getByTestId('current-plan').getByText('Basic plan')).toBeVisible();
  await expect(page.getByText('Setup fee and first month — Basic plan')).toBeVisible();
  await expect(page.getByText('£400.00 GBP')).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('subscription-active.png'),
    fullPage: true,
  });
});
