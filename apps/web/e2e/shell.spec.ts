import { expect, test, type Page } from '@playwright/test';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { expectLinks } from './fixtures/links';

test('the SPA loads / and navigates through the public nav', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/SCMP/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
});

test('an anonymous visitor to the dashboard is sent to sign in', async ({ page }) => {
  await page.goto('/dashboard/organizations');
  await expect(page).toHaveURL(/\/login$/);
});

// ---------------------------------------------------------------------------------------------
// Page shell: public navigation, footer, mobile menu and the signed-in shell.

const DEMO_PASSWORD = 'DemoPass!2026';

/** Signs in through the real login API and keeps the token where the SPA keeps it. */
async function signInAs(page: Page, email: string) {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), body.data.token);
}

test.describe('shell', () => {
  test.beforeEach(async ({ page }) => {
    await consentToEssentialCookies(page);
  });

  test('every public nav link leads to its page and the footer is on every page', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links: Array<[string, RegExp]> = [
      ['Features', /\/features$/],
      ['Pricing', /\/pricing$/],
      ['Case Studies', /\/case-studies$/],
      ['Health & Safety', /\/health-safety-compliance$/],
      ['Home', /:\d+\/$/],
    ];
    for (const [name, url] of links) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Register', exact: true }).first()).toHaveAttribute(
      'href',
      '/signup',
    );
    // The logo goes home on the main site.
    await expect(page.getByTestId('brand-logo')).toHaveAttribute('href', '/');
  });

  test('the footer has its navigation, help, contact, social and legal links', async ({ page }) => {
    await page.goto('/features');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Professional school and camp management software');
    const expectLink = async (name: string, href: string) =>
      expect(footer.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href);
    await expectLink('Home', '/');
    await expectLink('Case Studies', '/case-studies');
    await expectLink('Login', '/login');
    await expectLink('Sign Up', '/signup');
    await expectLink('Support Center', '/dashboard/support');
    await expectLink('User Guides', '/user-guides');
    await expectLink('Training Videos', '/training-videos');
    await expectLink('API Reference', '/api/docs');
    await expectLink('FAQ', '/pricing#faqs');
    await expectLink('Terms & Conditions', '/terms');
    await expectLink('Privacy Policy', '/privacy');
    await expectLink('Cookie Policy', '/cookies');
    await expectLink('hello@scmp.co.uk', 'mailto:hello@scmp.co.uk');
    await expectLink('support@scmp.co.uk', 'mailto:support@scmp.co.uk');
    await expectLink('sales@scmp.co.uk', 'mailto:sales@scmp.co.uk');
    await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      /facebook\.com/,
    );
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      /linkedin\.com/,
    );
    await expect(footer).toContainText('Powered by SCMP');
    // Default footer colours (no branding): background #111827.
    await expect(footer).toHaveCSS('background-color', 'rgb(17, 24, 39)');
    // The API reference is a real page served by the server.
    const docs = await page.request.get('/api/docs');
    expect(docs.status()).toBe(200);
    // Footer links use the router.
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    // The URL changes on the click; the page scrolls up once the new route has rendered.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('every route change scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('on a phone the burger opens a drawer with the same links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Features', 'Pricing', 'Case Studies', 'Health & Safety']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Register' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Case Studies', exact: true }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
    await expect(drawer).toBeHidden();
  });

  test('signed in: welcome, Dashboard button, dashboard nav, user menu and sign out', async ({
    page,
  }) => {
    await signInAs(page, 'demo@scmp.test');
    await page.goto('/features');
    await expect(page.getByText('Welcome, Dana Whitfield')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: 'Welcome back, Dana Whitfield!' }),
    ).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectLinks(nav, [
      ['Dashboard', '/dashboard'],
      ['Organizations', '/dashboard/organizations'],
      ['Instances', '/dashboard/instances'],
      ['Subscription', '/dashboard/subscription'],
      ['Support', '/dashboard/support'],
    ]);
    // No Dashboard button inside the dashboard (only the nav entry).
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(1);

    // Dashboard home: four tiles and a checklist ticked from real data (the demo customer has an
    // organization and a live instance).
    await expectLinks(page.getByRole('main'), [
      ['Organizations', '/dashboard/organizations'],
      ['Instances', '/dashboard/instances'],
      ['Subscription', '/dashboard/subscription'],
      ['Support', '/dashboard/support'],
    ]);
    const checklist = page.getByRole('list', { name: 'Getting Started checklist' });
    await expect(checklist.getByRole('listitem')).toHaveCount(5);
    await expect(checklist.getByRole('listitem').nth(0)).toHaveAttribute('data-done', 'true');
    await expect(checklist.getByRole('listitem').nth(1)).toHaveAttribute('data-done', 'true');
    // "Choose a plan": the demo school is on Basic.
    await expect(checklist.getByRole('listitem').nth(3)).toContainText('Choose a plan');
    await expect(checklist.getByRole('listitem').nth(3)).toHaveAttribute('data-done', 'true');
    await expect(checklist.getByRole('listitem').nth(4)).toHaveAttribute('data-done', 'true');
    await expect(page.getByText('Email Verification Required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Account menu for Dana Whitfield' }).click();
    const menu = page.getByRole('menu');
    for (const [name, href] of [
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
      ['Notifications', '/dashboard/notifications'],
      ['Activity Log', '/dashboard/activity-log'],
    ]) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href!);
    }
    await expect(menu.getByRole('menuitem', { name: 'Staff console' })).toHaveCount(0);
    const logout = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/auth/logout') && r.method() === 'POST',
    );
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await logout;
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toBeVisible();
  });

  test('staff get a Staff console entry', async ({ page }) => {
    await signInAs(page, 'staff@scmp.test');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu for Sam Support' }).click();
    await expect(page.getByRole('menuitem', { name: 'Staff console' })).toHaveAttribute(
      'href',
      '/dashboard/support/staff',
    );
  });

  test('an unverified user sees a dismissible verification banner with a resend action', async ({
    page,
  }) => {
    await signInAs(page, 'unverified@scmp.test');
    await page.goto('/dashboard');
    const banner = page.getByRole('alert').filter({ hasText: 'Email Verification Required' });
    await expect(banner).toBeVisible();
    const resend = page.waitForResponse((r) => r.url().endsWith('/auth/resend-verification'));
    await banner.getByRole('button', { name: 'Resend Verification Email' }).click();
    expect((await resend).status()).toBe(200);
    await expect(
      page.getByText(/verification (link|email) (has been )?sent/i).first(),
    ).toBeVisible();
    // Nothing done yet for this user except the account.
    const items = page
      .getByRole('list', { name: 'Getting Started checklist' })
      .getByRole('listitem');
    await expect(items.nth(0)).toHaveAttribute('data-done', 'true');
    await expect(items.nth(1)).toHaveAttribute('data-done', 'false');
    await expect(items.nth(1).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/organizations',
    );
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Email Verification Required')).toHaveCount(0);
  });

  test('the not-found page offers a way home', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
