// The pricing page: plan cards, FAQ anchor and Get Started signed out and signed in.
import { expect, test } from '@playwright/test';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/** The cookie banner sits at the bottom of every page: consent up front so it never covers a control. */
test.beforeEach(({ page }) => consentToEssentialCookies(page));

test('pricing: plan cards, FAQ anchor, Get Started signed out', async ({ page }) => {
  await page.goto('/pricing#faqs');
  await expect(page.locator('#faqs')).toBeInViewport();
  const basic = page.getByTestId('plan-basic');
  const unlimited = page.getByTestId('plan-unlimited');
  await expect(basic).toContainText('Most Popular');
  await expect(unlimited).not.toContainText('Most Popular');
  await expect(basic).toContainText('£200');
  await expect(basic).toContainText('£50 per month for each additional venue');
  await expect(basic).toContainText('One-time setup fee: £200');
  await expect(unlimited).toContainText('£1,200');
  await expect(unlimited).toContainText('Unlimited venues');
  const features = [
    [basic, ['Custom branding', 'Email support', 'SSL certificates', 'Basic analytics']],
    [unlimited, ['Priority support', 'Advanced analytics', 'API access', 'Custom integrations']],
  ] as const;
  for (const [plan, names] of features) {
    for (const feature of names) await expect(plan).toContainText(feature);
  }
  const faqs = page.locator('#faqs');
  await faqs.getByRole('button', { name: 'Can I change plans later?' }).click();
  await expect(faqs).toContainText('prorated and immediate');
  await faqs.getByRole('button', { name: 'Is there a discount for paying annually?' }).click();
  await expect(faqs).toContainText('Annual payment saves 10%');
  await faqs.getByRole('button', { name: 'How can we pay?' }).click();
  await expect(faqs).toContainText('direct debit');
  await expect(faqs).toContainText('bank transfer');

  await basic.getByRole('button', { name: /Get Started/ }).click();
  await expect(page).toHaveURL(/\/signup\?plan=basic$/);
  await page.goto('/pricing');
  await page
    .getByTestId('plan-unlimited')
    .getByRole('button', { name: /Get Started/ })
    .click();
  await expect(page).toHaveURL(/\/signup\?plan=unlimited$/);
});

test('pricing: Get Started reads Processing... while the next page loads', async ({ page }) => {
  await page.goto('/pricing');
  // Hold back the sign-up page's code so the navigation stays in flight for a moment.
  await page.route(/SignupPage-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const button = page.getByTestId('plan-basic').getByRole('button', { name: /Get Started/ });
  await button.click();
  await expect(page.getByTestId('plan-basic').getByRole('button')).toHaveText('Processing...');
  await expect(page).toHaveURL(/\/signup\?plan=basic$/);
});

test('pricing: Get Started signed in goes to the subscription page', async ({ page, request }) => {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
  });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  expect(token).toBeTruthy();
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token!);
  // A slow session check: a click made before it answers must still end on the subscription page.
  await page.route('**/trpc/*auth.me*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/pricing');
  await page
    .getByTestId('plan-basic')
    .getByRole('button', { name: /Get Started/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
});
