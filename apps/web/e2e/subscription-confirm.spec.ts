import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoWithNewOrganization } from './fixtures/demo-session';
import { fillPaymentDetails } from './fixtures/test-payment';

/**
 * Issue 40, parts 2 and 3, at desktop and phone widths: money never moves on one click (a plan
 * change and added locations open a confirmation whose amount is the amount then charged, read
 * back from the invoice; Cancel charges nothing), and checkout gives feedback (the card form
 * scrolls into view with its first field focused, a declined card's message beside the Pay
 * button with a busy button while paying, a success state with the next step).
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: 2,
  }).format(pence / 100);

async function subscribeByApi(page: Page, token: string, orgUuid: string) {
  const headers = { authorization: `Bearer ${token}` };
  const pm = await page.request.post('/api/v1/payments/test/payment-methods', {
    headers,
    data: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  expect(pm.status()).toBe(201);
  const sub = await page.request.post('/api/v1/subscription', {
    headers,
    data: {
      organization_uuid: orgUuid,
      plan_type: 'basic',
      additional_venues: 0,
      payment_method_id: ((await pm.json()) as { data: { id: string } }).data.id,
      payment_type: 'card',
      billing_details: {
        name: 'Demo Customer',
        email: 'demo@scmp.test',
        address: { line1: '12 Oak Lane', city: 'Oxford', postal_code: 'OX1 2AB', country: 'GB' },
      },
    },
  });
  expect(sub.status()).toBe(201);
}

async function apiInvoices(page: Page, token: string, orgUuid: string) {
  const res = await page.request.get(
    `/api/v1/subscription/billing-history?organization_uuid=${orgUuid}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Array<{ amount_pence: number; description: string }> })
    .data;
}

async function apiSubscription(page: Page, token: string, orgUuid: string) {
  const res = await page.request.get(`/api/v1/subscription?organization_uuid=${orgUuid}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { plan_type: string; location_limit: number } }).data;
}

async function expectNoSeriousViolations(page: Page, include: string) {
  // Mid-transition the dialog is partly transparent, which axe reads as low contrast: wait for
  // the enter transition to end first.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .include(include)
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

for (const size of WIDTHS) {
  test.describe(`${size.name} (${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('added locations and a plan change ask first; the confirmed amount is the invoice', async ({
      page,
    }) => {
      const { token, orgUuid } = await demoWithNewOrganization(page, `Confirm ${size.name}`);
      await subscribeByApi(page, token, orgUuid);
      await page.goto(`/dashboard/subscription?organization=${orgUuid}`);
      const current = page.getByTestId('current-plan');
      await expect(current.getByText('Basic plan')).toBeVisible();

      // Added locations: the dialog states today's charge, the new monthly price, the date.
      await page.getByRole('combobox', { name: 'Locations to add' }).click();
      await page.getByRole('option', { name: '2', exact: true }).click();
      await page.getByRole('button', { name: 'Add Locations' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add 2 locations?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('confirm-monthly')).toHaveText('£300.00');
      await expect(dialog.getByTestId('confirm-next-billing')).toHaveText(/^\d{1,2} \w+ \d{4}$/);
      const locationsAmount = (await dialog.getByTestId('confirm-amount-today').textContent())!;
      expect(locationsAmount).toMatch(/^£\d/);
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.screenshot({
        path: test.info().outputPath(`confirm-locations-${size.name}.png`),
      });

      // Cancel charges nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await apiInvoices(page, token, orgUuid)).toHaveLength(1);
      expect((await apiSubscription(page, token, orgUuid)).location_limit).toBe(1);

      // Confirm charges exactly the amount shown.
      await page.getByRole('button', { name: 'Add Locations' }).click();
      await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
      const shown = (await dialog.getByTestId('confirm-amount-today').textContent())!;
      await dialog.getByRole('button', { name: `Confirm and pay ${shown}` }).click();
      await expect(current.getByText('Locations: 0 of 3 used')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      let invoices = await apiInvoices(page, token, orgUuid);
      expect(invoices).toHaveLength(2);
      expect(gbp(invoices[0]!.amount_pence)).toBe(shown);

      // A plan change: nothing happens on the card's button but the confirmation.
      await page.getByRole('button', { name: 'Change to this plan' }).click();
      dialog = page.getByRole('dialog', { name: 'Change to the Unlimited plan?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('confirm-monthly')).toHaveText('£1,200.00');
      await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.screenshot({ path: test.info().outputPath(`confirm-plan-${size.name}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await apiInvoices(page, token, orgUuid)).toHaveLength(2);
      expect((await apiSubscription(page, token, orgUuid)).plan_type).toBe('basic');
      await expect(current.getByText('Basic plan')).toBeVisible();

      await page.getByRole('button', { name: 'Change to this plan' }).click();
      await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
      const planAmount = (await dialog.getByTestId('confirm-amount-today').textContent())!;
      await dialog.getByRole('button', { name: `Confirm and pay ${planAmount}` }).click();
      await expect(current.getByText('Unlimited plan')).toBeVisible();
      invoices = await apiInvoices(page, token, orgUuid);
      expect(invoices).toHaveLength(3);
      expect(gbp(invoices[0]!.amount_pence)).toBe(planAmount);
      // The billing history on the page shows the same amount.
      await expect(
        page.getByRole('table', { name: 'Billing history' }).getByRole('row').nth(1),
      ).toContainText(planAmount);
    });

    test('checkout: the card form comes into view focused, a decline is shown beside Pay, success shows the next step', async ({
      page,
    }) => {
      const { orgName, orgUuid } = await demoWithNewOrganization(page, `Checkout ${size.name}`);
      await page.goto(`/dashboard/subscription?organization=${orgUuid}`);
      await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();

      await page.getByRole('button', { name: 'Pay £400 & Start Subscription' }).click();
      const cardNumber = page.getByLabel('Card number');
      await expect(cardNumber).toBeFocused();
      await expect(cardNumber).toBeInViewport();
      await expect(page.getByRole('form', { name: 'Payment form' })).toBeInViewport();

      await page.keyboard.type('4000 0000 0000 0002');
      await fillPaymentDetails(page, 'receipts@scmp.test');

      // Hold the charge until the busy state has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/trpc\/[^?]*subscription\.create/, async (route) => {
        await held;
        await route.continue();
      });
      const pay = page.getByTestId('payment-submit');
      await pay.click();
      await expect(pay).toHaveAttribute('data-loading');
      await expect(pay).toBeDisabled();
      await expect(page.getByRole('form', { name: 'Payment form' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      release();
      const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
      await expect(alert).toBeVisible();
      await expect(pay).not.toHaveAttribute('data-loading');
      // Beside the button: both in view, the message right above the button.
      await expect(alert).toBeInViewport();
      await expect(pay).toBeInViewport();
      const a = (await alert.boundingBox())!;
      const b = (await pay.boundingBox())!;
      expect(b.y - (a.y + a.height)).toBeGreaterThanOrEqual(0);
      expect(b.y - (a.y + a.height)).toBeLessThan(120);
      await page.screenshot({ path: test.info().outputPath(`checkout-declined-${size.name}.png`) });
      await page.unroute(/\/trpc\/[^?]*subscription\.create/);

      await cardNumber.fill('4242 4242 4242 4242');
      await pay.click();
      const success = page.getByTestId('subscription-success');
      await expect(success).toBeVisible();
      await expect(success).toBeInViewport();
      await expect(success).toBeFocused();
      await expect(success).toContainText('Payment successful: your subscription is active');
      await expect(success).toContainText('You bought: Basic plan');
      await expect(page.getByTestId('subscription-success-amount')).toContainText('£400.00');
      await expect(success).toContainText('A receipt has been sent to receipts@scmp.test.');
      await page.screenshot({ path: test.info().outputPath(`checkout-success-${size.name}.png`) });

      // The receipt is in the outbox.
      const mail = (await (await page.request.get('/dev/mail.json')).json()) as Array<{
        to: string;
        subject: string;
        text: string;
      }>;
      const receipt = mail.find(
        (m) => m.to === 'receipts@scmp.test' && m.subject === `Receipt: Basic plan for ${orgName}`,
      );
      expect(receipt?.text).toContain('Amount paid: £400.00');

      // The next step: the deploy form, this organization preselected.
      await success.getByRole('link', { name: 'Deploy your first instance' }).click();
      await expect(page).toHaveURL(`/dashboard/instances?organization=${orgUuid}`);
      const form = page.getByRole('form', { name: 'Deploy new instance' });
      await expect(form.getByRole('combobox', { name: 'Organization' })).toHaveValue(orgName);
    });
  });
}

test('a quote that went stale before Confirm is refused, nothing is charged, and the fresh amount is confirmed', async ({
  page,
}) => {
  const { token, orgUuid } = await demoWithNewOrganization(page, 'Stale quote');
  await subscribeByApi(page, token, orgUuid);
  await page.goto(`/dashboard/subscription?organization=${orgUuid}`);
  const current = page.getByTestId('current-plan');
  await expect(current.getByText('Basic plan')).toBeVisible();

  // Every Unlimited quote the page fetched (the plan card's and the dialog's): the colleague's
  // change below must come in a later second than the one the dialog confirms. Each body is read
  // in full before the latest is taken: counting only the bodies read so far let the dialog's own
  // quote, a second later than the card's, be missed.
  const quotes: Promise<number | undefined>[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('subscription.preview') || !r.url().includes('unlimited')) return;
    quotes.push(
      r.text().then((body) => {
        const date = /"proration_date":(\d+)/.exec(body);
        return date ? Number(date[1]) : undefined;
      }),
    );
  });
  await page.getByRole('button', { name: 'Change to this plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to the Unlimited plan?' });
  await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
  const quoted = (await Promise.all(quotes)).filter((date) => date !== undefined);
  expect(quoted.length).toBeGreaterThan(0);

  // While the dialog is open, a colleague adds a location (in a later second than the quote).
  const latest = Math.max(...quoted);
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(latest);
  const added = await page.request.patch('/api/v1/subscription/add-locations', {
    headers: { authorization: `Bearer ${token}` },
    data: { organization_uuid: orgUuid, additional_locations: 1 },
  });
  expect(added.status()).toBe(200);
  expect(await apiInvoices(page, token, orgUuid)).toHaveLength(2);

  await dialog.getByRole('button', { name: /^Confirm and pay £/ }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'The subscription changed after this quote. Review the new amount due today and confirm again; nothing was charged.',
  );
  expect(await apiInvoices(page, token, orgUuid)).toHaveLength(2);
  expect((await apiSubscription(page, token, orgUuid)).plan_type).toBe('basic');

  // The dialog shows the fresh quote; confirming it charges exactly that.
  await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
  const fresh = (await dialog.getByTestId('confirm-amount-today').textContent())!;
  await dialog.getByRole('button', { name: `Confirm and pay ${fresh}` }).click();
  await expect(current.getByText('Unlimited plan')).toBeVisible();
  const invoices = await apiInvoices(page, token, orgUuid);
  expect(invoices).toHaveLength(3);
  expect(gbp(invoices[0]!.amount_pence)).toBe(fresh);
});
