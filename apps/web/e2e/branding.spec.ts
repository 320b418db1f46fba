import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessible } from './fixtures/axe';

const PASSWORD = 'DemoPass!2026';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#0055aa"/><text x="10" y="26" fill="#fff" font-size="16">Oakfield</text></svg>',
);

/** Whether any element on the page has this computed background colour. */
async function hasBackground(page: Page, rgb: string): Promise<boolean> {
  return page.evaluate(
    (color) =>
      Array.from(document.querySelectorAll<HTMLElement>('body *')).some(
        (el) => getComputedStyle(el).backgroundColor === color,
      ),
    rgb,
  );
}

test('the owner brands an organization and the tenant site shows it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'demo@scmp.test', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);

  const orgs = await page.request.get('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(orgs.status()).toBe(200);
  const list = ((await orgs.json()) as { data: Array<{ uuid: string; subdomain: string | null }> })
    .data;
  const org = list.find((o) => o.subdomain === 'oakfield');
  expect(org).toBeTruthy();
  const orgUuid = org!.uuid;

  // --- an unknown id shows the Resource not found screen
  await page.goto('/dashboard/branding/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Resource not found' })).toBeVisible();
  await expect(page.getByText(/does not exist or you do not have access/)).toBeVisible();

  // --- the editor
  await page.goto(`/dashboard/branding/${orgUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Branding Settings' })).toBeVisible();
  for (const section of [
    'Company Information',
    'Logos & Images',
    'Color Scheme',
    'Content Customization',
    'Advanced Styling',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Configure Subdomain' })).toHaveAttribute(
    'href',
    `/dashboard/tenant/${orgUuid}`,
  );
  await expect(page.getByText('PNG, JPG or SVG up to 2MB')).toBeVisible();
  await expect(page.getByText('.ico or .png up to 1MB')).toBeVisible();
  // Editor defaults for blank colours.
  await expect(page.getByLabel('Primary color')).toHaveValue('#3B82F6');
  await expect(page.getByLabel('Navigation background color')).toHaveValue('#1f2937');
  // The sandboxed e-mail preview frame cannot host axe; legacy mode skips the extra tab.
  await expectAccessible(page, (axe) =>
    axe.include('main').exclude('iframe[title="E-mail preview"]').setLegacyMode(true),
  );

  // --- upload a logo (SVG) and a favicon (PNG)
  const logoCard = page.getByTestId('branding-logo-card');
  await logoCard
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
  const logoImg = logoCard.getByRole('img', { name: 'Current logo' });
  await expect(logoImg).toHaveAttribute('src', /^\/files\/branding\/branding-[0-9a-f-]+\.svg$/);
  const logoUrl = (await logoImg.getAttribute('src'))!;
  const faviconCard = page.getByTestId('branding-favicon-card');
  await faviconCard
    .locator('input[type="file"]')
    .setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: PNG });
  const faviconImg = faviconCard.getByRole('img', { name: 'Current favicon' });
  await expect(faviconImg).toHaveAttribute('src', /\.png$/);
  const faviconUrl = (await faviconImg.getAttribute('src'))!;
  // The preview's nav shows the logo.
  await expect(page.getByTestId('preview-nav').getByRole('img')).toHaveAttribute('src', logoUrl);

  // --- change text and colours; the live preview follows
  await page.getByLabel('Company name').fill('Oakfield Academy');
  await page.getByLabel('Tagline').fill('Growing curious minds');
  await page.getByLabel('Primary color').fill('#0055aa');
  await page.getByLabel('Navigation background color').fill('#123456');
  await page.getByLabel('Navigation text color').fill('#222222');
  await page.getByLabel('Footer text').fill('© Oakfield Academy. All rights reserved.');
  await expect(page.getByTestId('preview-nav')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(page.getByTestId('preview-button-primary')).toHaveCSS(
    'background-color',
    'rgb(0, 85, 170)',
  );
  await expect(page.getByTestId('preview-nav')).toContainText('Oakfield Academy');
  await expect(page.getByTestId('preview-footer')).toContainText('© Oakfield Academy.');
  // Dark text on a dark background: the contrast warning.
  await expect(page.getByTestId('contrast-warning')).toBeVisible();
  await page.getByLabel('Navigation text color').fill('#fefefe');
  await expect(page.getByTestId('contrast-warning')).toBeHidden();

  // --- leaving with unsaved changes asks first
  await page.getByRole('link', { name: 'Back' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/branding/${orgUuid}$`));

  // --- the server's verdict on custom CSS shows inline
  const css = page.getByLabel('Custom CSS');
  await css.fill('@import url("https://evil.test/x.css");');
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText(/must not use @import/).first()).toBeVisible();
  await css.fill('.tenant-note { border-radius: 12px; }');

  // E-mail header and its live preview.
  await page.getByLabel('E-mail template header').fill('<p><strong>Oakfield News</strong></p>');
  await expect(
    page.frameLocator('iframe[title="E-mail preview"]').getByText('Oakfield News'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding settings saved successfully.')).toBeVisible();
  await expect(page.getByTestId('css-verdict')).toBeVisible();
  await expect(css).toHaveValue('.tenant-note{border-radius:12px}');
  await page.screenshot({ path: 'test-results/branding-editor.png', fullPage: true });

  // --- the tenant host shows the branding
  const tenant = await context.newPage();
  const port = new URL(baseURL).port;
  await tenant.goto(`http://oakfield.localhost:${port}/`);
  await expect(tenant).toHaveTitle('Oakfield Academy - School & Camp Management Platform');
  await expect(tenant.locator(`img[src="${logoUrl}"]`).first()).toBeVisible();
  await expect(tenant.locator('link[rel~="icon"]')).toHaveAttribute('href', faviconUrl);
  await expect.poll(() => hasBackground(tenant, 'rgb(18, 52, 86)')).toBe(true);
  await tenant.screenshot({ path: 'test-results/branding-tenant.png', fullPage: true });
  await tenant.close();

  // --- delete the logo
  await page.reload();
  await expect(logoCard.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await logoCard.getByRole('button', { name: 'Delete logo' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Are you sure you want to delete the logo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(logoCard.getByText('No logo uploaded')).toBeVisible();
  expect((await page.request.get(logoUrl)).status()).toBe(404);
  await context.close();
});
