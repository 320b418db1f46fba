import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createActiveTenant, type ActiveTenant } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT_NAME = 'School & Camp Management Platform';

let tenant: ActiveTenant;

/** Brands this spec's own active tenant through the real API as its owner. */
async function brandTenant(request: APIRequestContext) {
  tenant = await createActiveTenant(request, 'tenant-spec');
  const saved = await request.put(`/api/v1/branding/${tenant.uuid}`, {
    headers: { Authorization: `Bearer ${tenant.token}` },
    data: {
      company_name: 'Oakfield Learning',
      primary_color: '#1D4ED8',
      nav_background_color: '#123456',
      nav_text_color: '#FFFFFF',
      custom_css: '.tenant-marker { color: red; }',
    },
  });
  expect(saved.status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await brandTenant(request);
});

test.beforeEach(async ({ page }) => {
  await consentToEssentialCookies(page);
});

async function expectOakfieldBranding(page: Page) {
  await expect(page).toHaveTitle(`Oakfield Learning - ${PRODUCT_NAME}`);
  // Logo link goes nowhere in tenant mode.
  const logo = page.getByTestId('brand-logo');
  await expect(logo).toContainText('Oakfield Learning');
  expect(await logo.evaluate((el) => el.tagName)).not.toBe('A');
  await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(page.getByRole('contentinfo')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  const vars = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      primary: style.getPropertyValue('--brand-primary').trim(),
      primaryRgb: style.getPropertyValue('--brand-primary-rgb').trim(),
      css: document.getElementById('tenant-custom-css')?.textContent ?? null,
    };
  });
  expect(vars.primary.toLowerCase()).toBe('#1d4ed8');
  expect(vars.primaryRgb).toBe('29, 78, 216');
  expect(vars.css).toContain('.tenant-marker');
  // The Mantine primary colour follows the tenant: the Register button is the brand blue.
  await expect(page.getByRole('link', { name: 'Register' }).first()).toHaveCSS(
    'background-color',
    'rgb(29, 78, 216)',
  );
}

test('?tenant= on localhost loads and applies the tenant branding', async ({ page }) => {
  await page.goto(`/?tenant=${tenant.subdomain}`);
  await expectOakfieldBranding(page);
  // The branding survives navigation inside the SPA.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).toHaveTitle(`Oakfield Learning - ${PRODUCT_NAME}`);
});

test('a tenant subdomain host loads its branding', async ({ page }) => {
  await page.goto(`http://${tenant.subdomain}.localhost:${PORT}/`);
  await expectOakfieldBranding(page);
});

test('when the primary branding call fails the fallback lookup is used', async ({ page }) => {
  await page.route('**/api/v1/public/tenant/**', (route) => route.abort());
  const fallback = page.waitForRequest((r) =>
    r.url().includes(`/api/v1/organizations?subdomain=${tenant.subdomain}&public=true`),
  );
  await page.goto(`/?tenant=${tenant.subdomain}`);
  await fallback;
  await expectOakfieldBranding(page);
});

test('an unknown tenant falls back to the default branding', async ({ page }) => {
  await page.goto('/?tenant=no-such-school');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('href', '/');
  await expect(page.getByTestId('brand-logo')).toContainText('SCMP');
  await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(11, 23, 61)');
  expect(await page.locator('#tenant-custom-css').count()).toBe(0);
  await expect(page).not.toHaveTitle(/Oakfield/);
});

test('the main site uses the default branding', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('href', '/');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
  );
  expect(primary.toLowerCase()).toBe('#d1a103');
  await expect(page.getByRole('contentinfo')).toHaveCSS('background-color', 'rgb(17, 24, 39)');
});

test('when the whole load fails the Configuration Error screen shows', async ({ page }) => {
  await page.route('**/api/v1/public/site-config', (route) => route.abort());
  await page.goto(`/?tenant=${tenant.subdomain}`);
  await expect(page.getByRole('heading', { name: 'Configuration Error' })).toBeVisible();
  await expect(page.getByText('Failed to load tenant configuration')).toBeVisible();
  const button = page.getByRole('link', { name: 'Go to Main Site' });
  await expect(button).toHaveAttribute('href', `http://localhost:${PORT}/`);
  await page.unroute('**/api/v1/public/site-config');
  await button.click();
  await expect(page).toHaveURL(`http://localhost:${PORT}/`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
