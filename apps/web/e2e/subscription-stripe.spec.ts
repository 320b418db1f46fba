import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { startStripeStub, type StripeStub } from '../../server/src/testing/stripe-stub';
import { stripeStubPort } from '../playwright.config';

/**
 * Stripe mode end to end: the server runs with STRIPE_* keys pointed at the local Stripe stub
 * (started here, so the test can see Stripe's side), and the browser gets a stand-in for
 * https://js.stripe.com implementing what @stripe/stripe-js and react-stripe-js use: Stripe(),
 * elements(), create/mount of the card and IBAN elements, createPaymentMethod and
 * confirmSepaDebitSetup. Nothing leaves the machine.
 */
const DEMO_PASSWORD = 'DemoPass!2026';
const WEBHOOK_SECRET = 'whsec_e2e';

let stub: StripeStub;
test.beforeAll(async () => {
  stub = await startStripeStub({ port: stripeStubPort });
});
test.afterAll(async () => {
  await stub.close();
});

/** Runs in the page as js.stripe.com's script: fields are plain inputs, outcomes by test number. */
function fakeStripeJs() {
  type Handler = (event: unknown) => void;
  type FakeElement = {
    mount: (node: Element | string) => void;
    on: (event: string, handler: Handler) => FakeElement;
    off: (event: string, handler: Handler) => FakeElement;
    update: () => void;
    destroy: () => void;
    unmount: () => void;
    focus: () => void;
    blur: () => void;
    clear: () => void;
    value: (label: string) => string;
  };
  const w = window as unknown as Record<string, unknown>;
  const calls: unknown[] = [];
  w.__stripeCalls = calls;
  const random = () => Math.random().toString(36).slice(2, 10);
  const fields: Record<string, string[]> = {
    card: ['Card number', 'Expiry date', 'CVC'],
    iban: ['IBAN'],
  };
  function createElement(type: string): FakeElement {
    const handlers: Record<string, Handler[]> = {};
    let root: Element | null = null;
    const emit = (event: string, payload: unknown) =>
      (handlers[event] ?? []).forEach((h) => h(payload));
    const element: FakeElement = {
      mount(node) {
        root = typeof node === 'string' ? document.querySelector(node) : node;
        if (!root) return;
        root.innerHTML = '';
        for (const label of fields[type] ?? []) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.addEventListener('input', () =>
            emit('change', { elementType: type, empty: !input.value, complete: !!input.value }),
          );
          root.appendChild(input);
        }
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(event, handler) {
        (handlers[event] ??= []).push(handler);
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler);
        return element;
      },
      update() {},
      destroy() {
        root = null;
      },
      unmount() {},
      focus() {},
      blur() {},
      clear() {},
      value(label) {
        const input = root?.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
        return (input?.value ?? '').replace(/\s/g, '');
      },
    };
    return element;
  }
  function FakeStripe(key: string) {
    calls.push({ call: 'Stripe', key });
    const created: Record<string, FakeElement | undefined> = {};
    const elements = {
      create(type: string) {
        created[type] = createElement(type);
        return created[type];
      },
      getElement(component: string | { __elementType?: string }) {
        const type = typeof component === 'string' ? component : component.__elementType;
        return (type && created[type]) || null;
      },
      update() {},
    };
    const cards: Record<string, string> = {
      '4242424242424242': 'pm_card_ok',
      '4000000000000002': 'pm_card_declined',
    };
    return {
      elements() {
        return elements;
      },
      async createPaymentMethod(input: { card: FakeElement; billing_details: unknown }) {
        const number = input.card.value('Card number');
        calls.push({ call: 'createPaymentMethod', billing: input.billing_details });
        const prefix = cards[number];
        if (!prefix) return { error: { message: 'Your card number is invalid.' } };
        return {
          paymentMethod: {
            id: `${prefix}_${random()}`,
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: number.slice(-4) },
          },
        };
      },
      async confirmSepaDebitSetup(
        secret: string,
        data: { payment_method: { sepa_debit: FakeElement } },
      ) {
        calls.push({ call: 'confirmSepaDebitSetup', secret });
        if (data.payment_method.sepa_debit.value('IBAN') !== 'DE89370400440532013000')
          return { error: { message: 'Your IBAN is invalid.' } };
        return {
          setupIntent: {
            id: secret.split('_secret')[0],
            status: 'succeeded',
            payment_method: `pm_sepa_ok_${random()}`,
          },
        };
      },
      async createToken() {
        return { error: { message: 'Not supported' } };
      },
      async confirmCardPayment() {
        return { error: { message: 'Not supported' } };
      },
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  FakeStripe.version = 'endive';
  w.Stripe = FakeStripe;
}

async function signInWithFakeStripe(page: Page, orgName: string): Promise<string> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: `(${fakeStripeJs.toString()})();`,
    }),
  );
  await page.addInitScript(() => {
    localStorage.setItem('cookie_consent', 'true');
    localStorage.setItem(
      'cookie_preferences',
      JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }),
    );
  });
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'demo@scmp.test', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const org = await page.request.post('/api/v1/organizations', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: orgName, type: 'school' },
  });
  expect(org.status()).toBe(201);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/dashboard/subscription');
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: orgName }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  return ((await org.json()) as { data: { uuid: string } }).data.uuid;
}

async function fillBilling(page: Page) {
  await page.getByLabel('Full name').fill('Demo Customer');
  await page.getByLabel(/^Email/).fill('demo@scmp.test');
  await page.getByLabel('Address line 1').fill('12 Oak Lane');
  await page.getByLabel('City').fill('Oxford');
  await page.getByLabel('Postal code').fill('OX1 2AB');
}

const stripeSubscriptionOf = (orgUuid: string) =>
  [...stub.state.subscriptions.values()].find((s) => s.metadata.organization_uuid === orgUuid);

test('subscribe with a card through Stripe Elements and see the plan', async ({ page }) => {
  const orgUuid = await signInWithFakeStripe(page, `Stripe Card ${Date.now()}`);
  await expect(page.getByText('Test mode — no real charges')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay £400 & Start Subscription' }).click();
  const cardNumber = page.getByLabel('Card number');
  await expect(cardNumber).toBeVisible();
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveCount(0);

  // A card Stripe declines: its message in the red banner, nothing created.
  await cardNumber.fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Pay £400', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  expect(stripeSubscriptionOf(orgUuid)).toBeUndefined();

  await cardNumber.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £400', exact: true }).click();
  const current = page.getByTestId('current-plan');
  await expect(current.getByText('Basic plan')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('active');
  await expect(page.getByRole('table', { name: 'Billing history' }).getByRole('row')).toHaveCount(
    2,
  );
  await page.screenshot({
    path: test.info().outputPath('subscription-stripe-card.png'),
    fullPage: true,
  });

  // Stripe's side: the publishable key from the config, a customer, the subscription.
  const calls = (await page.evaluate(
    () => (window as unknown as { __stripeCalls: unknown[] }).__stripeCalls,
  )) as Array<{ call: string; key?: string }>;
  expect(calls[0]).toEqual({ call: 'Stripe', key: 'pk_test_e2e' });
  const sub = stripeSubscriptionOf(orgUuid)!;
  expect(sub.status).toBe('active');
  expect(stub.state.customers.get(sub.customer)).toMatchObject({ email: 'demo@scmp.test' });

  // A plan change asks first; the amount confirmed is Stripe's preview, and Stripe charges it
  // (same proration_date) on Confirm.
  await page.getByRole('button', { name: 'Change to this plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to the Unlimited plan?' });
  await expect(dialog.getByTestId('confirm-amount-today')).toHaveText(/^£\d/);
  const shown = (await dialog.getByTestId('confirm-amount-today').textContent())!;
  expect(stub.requests).toContain('POST /v1/invoices/create_preview');
  await dialog.getByRole('button', { name: `Confirm and pay ${shown}` }).click();
  await expect(current.getByText('Unlimited plan')).toBeVisible();
  const invoice = stub.state.invoices.get(stripeSubscriptionOf(orgUuid)!.latest_invoice!)!;
  const charged = invoice.lines.reduce((sum, l) => sum + l.amount, 0);
  expect(
    new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 2,
    }).format(charged / 100),
  ).toBe(shown);
  expect(stub.state.prorationDates.at(-1)).toEqual(expect.any(Number));
});

test('set up SEPA Direct Debit, return with setup=success, then settle by webhook', async ({
  page,
}) => {
  const orgName = `Stripe SEPA ${Date.now()}`;
  const orgUuid = await signInWithFakeStripe(page, orgName);
  await page.getByRole('button', { name: 'Pay £400 & Start Subscription' }).click();
  await page.getByText('Direct debit (SEPA)', { exact: true }).click();
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await fillBilling(page);
  await page.getByRole('button', { name: 'Pay £400', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription\?setup=success$/);
  await expect(page.getByText('Payment setup complete')).toBeVisible();
  const status = page.getByRole('table', { name: 'Billing history' }).getByRole('row').nth(1);
  await expect(status).toContainText('pending');

  // The bank confirms; Stripe sends invoice.paid, signed as Stripe signs it.
  const sub = stripeSubscriptionOf(orgUuid)!;
  stub.settleInvoice(sub.latest_invoice!, 'paid');
  const payload = JSON.stringify({
    id: `evt_e2e_${sub.latest_invoice}`,
    type: 'invoice.paid',
    data: { object: { id: sub.latest_invoice } },
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  const res = await page.request.post('/api/v1/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: orgName }).click();
  await expect(
    page.getByRole('table', { name: 'Billing history' }).getByRole('row').nth(1),
  ).toContainText('paid');
});
