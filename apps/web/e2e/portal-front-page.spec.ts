import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { activeInstance } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { expectLinks } from './fixtures/links';
import { expectAccessible } from './fixtures/axe';

/**
 * Issue 40 part 1: an instance's portal is the school's own front page — its name, welcome, links
 * and contact in its branding, server-rendered — never SCMP's marketing page; edited in the
 * instance's branding editor (section "Front page", live preview).
 */
const port = new URL(baseURL).port;
const DEMO_PORTAL = `http://main-oakfield.instances.localhost:${port}/`;

/** SCMP's own marketing, prices, sign-up and contacts: none may appear on a school's portal. */
const SCMP_TEXTS = [
  'Run your whole setting from one place',
  'Start your setup',
  'Book Demo',
  'Register',
  'Sign in',
  '£',
  'School & Camp Management Platform',
  '© 2026 SCMP',
  'hello@scmp.co.uk',
  'sales@scmp.co.uk',
  '+44 20 3807 4512',
];

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function expectNoScmpMarketing(page: Page) {
  const text = await page.locator('body').innerText();
  for (const scmp of SCMP_TEXTS) expect(text, scmp).not.toContain(scmp);
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const size of WIDTHS) {
  test(`the demo portal is Oakfield's own front page, axe-clean (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const res = await page.goto(DEMO_PORTAL);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page).toHaveTitle('Oakfield Primary School – Parents and staff');
    const banner = page.getByRole('banner');
    // The school's name (the organization's, or its branded company name: branding.spec.ts may
    // have renamed it "Oakfield Academy" meanwhile) links home.
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link')).toContainText(/Oakfield (Primary School|Academy)/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Oakfield Primary School' }),
    ).toBeVisible();
    await expect(page.getByText(/A friendly primary school for ages 4 to 11/)).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Quick links' });
    await expectLinks(links, [
      ['Parent sign-in', 'https://parents.oakfield.example/sign-in'],
      ['Staff sign-in', 'https://staff.oakfield.example/sign-in'],
      ['Book a club place', 'https://oakfield.example/clubs'],
      ['Term dates', 'https://oakfield.example/term-dates'],
    ]);
    const contact = page.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: 'office@oakfield.example' })).toHaveAttribute(
      'href',
      'mailto:office@oakfield.example',
    );
    await expect(contact.getByRole('link', { name: '+44 1632 960123' })).toHaveAttribute(
      'href',
      'tel:+441632960123',
    );
    await expect(contact.getByText('12 Meadow Lane')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('Powered by SCMP')).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^(data:|\/files\/)/);
    await expectNoScmpMarketing(page);
    // Nothing runs: no script on the page at all.
    expect(await page.locator('script').count()).toBe(0);
    // Fits the screen: nothing scrolls sideways.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({
      path: test.info().outputPath(`portal-${size.name}.png`),
      fullPage: true,
    });
  });
}

async function signIn(page: Page, token: string) {
  await consentToEssentialCookies(page);
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
}

test('the owner writes the front page in the instance branding editor and sees it on the portal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tenant, ...instance } = await activeInstance(request, 'portal', 'Main Site');
  const schoolName = 'portal School';
  await signIn(page, tenant.token);

  // Before any branding: Getting Started still asks for it.
  await page.goto('/dashboard');
  const branding = page
    .getByRole('list', { name: 'Getting Started checklist' })
    .getByRole('listitem')
    .filter({ hasText: 'Configure branding' });
  await expect(branding).toHaveAttribute('data-done', 'false');

  // The organization's page says what it brands.
  await page.goto(`/dashboard/branding/${tenant.uuid}`);
  await expect(page.getByTestId('branding-scope')).toContainText(
    `These settings brand your tenant site ${tenant.subdomain}.localhost and are the defaults for every instance`,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Front page' })).toHaveCount(0);

  // The instance's page says what it inherits, and has the Front page section.
  await page.goto(`/dashboard/branding/${instance.uuid}`);
  await expect(page.getByTestId('branding-scope')).toContainText(
    `This instance’s portal (Main Site, ${instance.host}) uses these settings; a name, tagline, footer, logo or favicon left empty is inherited from the organization’s branding`,
  );
  const section = page.getByRole('region', { name: 'Front page' });
  await expect(section.getByRole('heading', { level: 2, name: 'Front page' })).toBeVisible();
  const preview = section.getByTestId('front-page-preview');
  // The defaults, live: the school's name and a generic welcome.
  await expect(preview.getByTestId('front-page-preview-headline')).toHaveText(schoolName);
  await expect(preview.getByText(`Welcome to ${schoolName}.`)).toBeVisible();

  await section.getByLabel('Headline').fill('Hello, Riverside families');
  await expect(preview.getByTestId('front-page-preview-headline')).toHaveText(
    'Hello, Riverside families',
  );
  await section.getByLabel('Welcome text').fill('Everything for parents in one place.');
  await expect(preview.getByText('Everything for parents in one place.')).toBeVisible();
  await section.getByRole('button', { name: 'Add link' }).click();
  await section.getByLabel('Link label 1').fill('Parent sign-in');
  await section.getByLabel('Link URL 1').fill('http://parents.riverside.example');
  await expect(preview.getByText('Parent sign-in')).toBeVisible();
  await section.getByLabel('Contact e-mail').fill('office@riverside.example');
  await section.getByLabel('Contact phone').fill('01632 960555');
  await section.getByLabel('Page title').fill('Riverside – Parents');

  // The editor with its Front page section stays accessible (the project's axe bar: no serious
  // or critical violation; the e-mail preview frame is left out as in accessibility.spec.ts).
  await expectAccessible(page, (axe) => axe.withTags(['wcag2a', 'wcag2aa']).exclude('iframe'));

  // Not https: refused before anything is published.
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(section.getByText('Link URL must be a full https:// address')).toBeVisible();
  // (Chromium resolves *.localhost; Node's resolver does not.)
  const portalUrl = `http://${instance.host}:${port}/`;
  const portal = await page.context().newPage();
  await portal.goto(portalUrl);
  await expect(portal.getByRole('heading', { level: 1, name: schoolName })).toBeVisible();

  await section.getByLabel('Link URL 1').fill('https://parents.riverside.example/login');
  const saved = page.waitForResponse((r) => r.url().includes('branding.updateBranding'));
  await page.getByRole('button', { name: 'Save Branding' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Branding settings saved successfully.')).toBeVisible();

  // The portal shows it at once.
  const res = await portal.reload();
  expect(res?.status()).toBe(200);
  await expect(portal).toHaveTitle('Riverside – Parents');
  await expect(
    portal.getByRole('heading', { level: 1, name: 'Hello, Riverside families' }),
  ).toBeVisible();
  await expect(portal.getByRole('banner').getByText(schoolName)).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Parent sign-in' })).toHaveAttribute(
    'href',
    'https://parents.riverside.example/login',
  );
  await expect(portal.getByRole('link', { name: 'office@riverside.example' })).toBeVisible();
  await expect(portal.getByText('01632 960555')).toBeVisible();
  await expectNoScmpMarketing(portal);
  await portal.close();

  // Branding the instance counts as branding done.
  await page.goto('/dashboard');
  await expect(branding).toHaveAttribute('data-done', 'true');
});

test('Enter in a colour field does not publish; colours typed during a save are kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tenant, ...instance } = await activeInstance(request, 'enter', 'Main Site');
  await signIn(page, tenant.token);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('branding.updateBranding')) saves.push(r.url());
  });
  const stored = async () =>
    (
      (await (
        await request.get(`/api/v1/branding/${instance.uuid}`, {
          headers: { Authorization: `Bearer ${tenant.token}` },
        })
      ).json()) as { data: { primary_color: string | null; secondary_color: string | null } }
    ).data;

  await page.goto(`/dashboard/branding/${instance.uuid}`);
  const primary = page.getByRole('textbox', { name: 'Primary color' });
  await primary.fill('#0f766e');
  await primary.press('Enter');
  // Still unsaved: the Save button is the only way to publish.
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByLabel('Headline').fill('Typed after Enter');
  await expect(page.getByLabel('Headline')).toHaveValue('Typed after Enter');
  expect(saves).toEqual([]);
  expect((await stored()).primary_color).toBeNull();

  // A save held in flight while another colour is typed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/branding.updateBranding**', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.url().includes('branding.updateBranding'));
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
  const secondary = page.getByRole('textbox', { name: 'Secondary color' });
  await secondary.fill('#7c2d12');
  release();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Branding settings saved successfully.')).toBeVisible();
  // The newer colour is still there, and still unsaved.
  await expect(secondary).toHaveValue('#7c2d12');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  expect(await stored()).toMatchObject({ primary_color: '#0f766e', secondary_color: '#1F2937' });
  await page.unroute('**/trpc/branding.updateBranding**');

  const second = page.waitForResponse((r) => r.url().includes('branding.updateBranding'));
  await page.getByRole('button', { name: 'Save Branding' }).click();
  expect((await second).status()).toBe(200);
  await expect(page.getByText('You have unsaved changes.')).toHaveCount(0);
  expect((await stored()).secondary_color).toBe('#7c2d12');
});
