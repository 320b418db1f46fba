import { expect, test, type Page } from '@playwright/test';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { expectAccessible } from './fixtures/axe';

/** The cookie banner sits at the bottom of every page: consent up front so it never covers a control. */
test.beforeEach(({ page }) => consentToEssentialCookies(page));

const PAGES: { path: string; heading: string; title: RegExp }[] = [
  {
    path: '/',
    heading: 'Run your whole setting from one place, under your own name',
    title: /^SCMP - School & Camp Management Platform$/,
  },
  {
    path: '/features',
    heading: 'Everything you need to run a school, nursery or camp',
    title: /^Features \| SCMP$/,
  },
  { path: '/pricing', heading: 'Pricing', title: /^Pricing \| SCMP$/ },
  { path: '/case-studies', heading: 'Case Studies', title: /^Case Studies \| SCMP$/ },
  {
    path: '/health-safety-compliance',
    heading: 'Health and Safety Compliance',
    title: /^Health & Safety Compliance \| SCMP$/,
  },
  { path: '/contact', heading: 'Contact Us', title: /^Contact Us \| SCMP$/ },
  { path: '/terms', heading: 'Terms & Conditions', title: /^Terms & Conditions \| SCMP$/ },
  { path: '/privacy', heading: 'Privacy Policy', title: /^Privacy Policy \| SCMP$/ },
  { path: '/cookies', heading: 'Cookie Policy', title: /^Cookie Policy \| SCMP$/ },
  { path: '/user-guides', heading: 'User Guides', title: /^User Guides \| SCMP$/ },
  { path: '/training-videos', heading: 'Training Videos', title: /^Training Videos \| SCMP$/ },
];

test('every public page renders its heading, title and its own meta description', async ({
  page,
}) => {
  const descriptions = new Set<string>();
  for (const { path, heading, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description, path).toBeTruthy();
    expect(descriptions.has(description!), `${path} repeats a description`).toBe(false);
    descriptions.add(description!);
  }
});

test('legal pages carry 12 and 11 sections and the spec facts', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByTestId('legal-section')).toHaveCount(12);
  const terms = page.locator('main');
  await expect(terms).toContainText('billed monthly in advance');
  await expect(terms).toContainText('Cancellation needs 30 days’ notice');
  await expect(terms).toContainText('data export window of 60 days before deletion');
  await expect(terms).toContainText('uptime target is 99.9%');
  await expect(terms).toContainText('educational records are retained for up to 7 years');
  await expect(terms).toContainText('Authentication cookies expire after 30 days of inactivity');

  await page.goto('/privacy');
  await expect(page.getByTestId('legal-section')).toHaveCount(11);
  for (const category of ['Essential', 'Functional', 'Analytics', 'Marketing']) {
    await expect(page.getByRole('cell', { name: category, exact: true })).toBeVisible();
  }
  await expect(page.locator('main')).toContainText('UK GDPR');
  // The retention rules the retention job applies (contracts/retention.ts).
  const retention = page.getByTestId('retention-table');
  await expect(retention.locator('tbody tr')).toHaveCount(10);
  await expect(
    retention.getByRole('row', { name: /Activity log.*2 years after the event/ }),
  ).toBeVisible();
  await expect(
    retention.getByRole('row', { name: /Closed organizations.*60 days after closure/ }),
  ).toBeVisible();
});

test('the Cookie Preferences button on /cookies opens the preferences dialog', async ({ page }) => {
  await page.goto('/cookies');
  await page.getByRole('button', { name: 'Cookie Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
});

test('case studies launch Q1 2025 with mail links', async ({ page }) => {
  await page.goto('/case-studies');
  await expect(page.locator('main')).toContainText('launching Q1 2025');
  await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
});

test('the contact page offers three mailboxes and the telephone, each a link', async ({ page }) => {
  await page.goto('/contact');
  const main = page.locator('main');
  for (const [channel, link, href] of [
    ['Sales and demos', 'sales@scmp.co.uk', 'mailto:sales@scmp.co.uk'],
    ['Customer support', 'support@scmp.co.uk', 'mailto:support@scmp.co.uk'],
    ['General enquiries', 'hello@scmp.co.uk', 'mailto:hello@scmp.co.uk'],
    ['Telephone', '+44 20 3807 4512', 'tel:+442038074512'],
  ] as const) {
    await expect(main.getByRole('heading', { name: channel, level: 2 })).toBeVisible();
    await expect(main.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', href);
  }
  await expect(main.getByText('Monday to Friday, 8:30am to 5:30pm (UK time)')).toBeVisible();
});

test('home page links to sign-up, contact and a Book Demo mail link', async ({ page }) => {
  await page.goto('/');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Book Demo' }).first()).toHaveAttribute(
    'href',
    /^mailto:sales@scmp\.co\.uk/,
  );
  await expect(main.locator('a[href="/signup"]').first()).toBeVisible();
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
  await expect(page.getByTestId('summary-basic')).toContainText('£200');
  await expect(page.getByTestId('summary-unlimited')).toContainText('£1,200');
  // The home calculator has no first-year figure; the pricing one has.
  await expect(page.getByTestId('calc-first-year')).toHaveCount(0);
});

test('feature cards: one open at a time, a second click closes', async ({ page }) => {
  await page.goto('/features');
  const attendance = page.getByRole('button', { name: /^Attendance and registers/ });
  const billing = page.getByRole('button', { name: /^Billing and payments/ });
  const cards = page.locator('main button[aria-expanded]');
  await expect(cards).toHaveCount(6);
  // The six cards sit in the section named by its heading.
  const section = page.getByRole('region', { name: 'Feature categories' });
  await expect(section.locator('button[aria-expanded]')).toHaveCount(6);
  await expect(section.getByText('Open a category to see what it includes.')).toBeVisible();
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(0);

  await attendance.click();
  await expect(attendance).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Take registers by class, group or session')).toBeVisible();

  await billing.click();
  await expect(billing).toHaveAttribute('aria-expanded', 'true');
  await expect(attendance).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(1);

  await billing.click();
  await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Watch Demo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('demo-placeholder')).toBeVisible();
  await expect(dialog.locator('iframe, video')).toHaveCount(0);
});

test('health and safety: claims, one-open cards and demo modal', async ({ page }) => {
  await page.goto('/health-safety-compliance');
  const main = page.locator('main');
  for (const claim of ['99.9%', '10 years', '15+', '50+', '1000+']) {
    await expect(main.getByText(claim, { exact: true }).first()).toBeVisible();
  }
  const areas = page.getByRole('region', { name: 'Compliance areas' });
  await expect(areas.getByText(/^Whether you answer to Ofsted/)).toBeVisible();
  const risk = areas.getByRole('button', { name: /^Risk assessments/ });
  const fire = page.getByRole('button', { name: /^Fire safety and premises/ });
  await risk.click();
  await fire.click();
  await expect(risk).toHaveAttribute('aria-expanded', 'false');
  await expect(fire).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Health and safety demo' });
  await expect(dialog.getByTestId('demo-placeholder')).toBeVisible();
  // It closes again (Escape), leaving the page as it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

async function setCalculator(page: Page, venues: string, cost: string) {
  await page.getByLabel('Number of venues').fill(venues);
  await page.getByLabel('Current monthly software cost (£)').fill(cost);
}

test('savings calculator values at the boundaries', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByLabel('Number of venues')).toHaveAttribute('max', '100');
  const cases: [string, string, string, string, string | null, string][] = [
    // venues, platform, monthly, yearly, break-even, first year (current cost £1,000)
    ['0', '£200', '£800', '£9,600', '1 month', '£9,400'],
    ['1', '£200', '£800', '£9,600', '1 month', '£9,400'],
    ['2', '£250', '£750', '£9,000', '1 month', '£8,800'],
    ['20', '£1,150', '-£150', '-£1,800', null, '-£2,000'],
    ['21', '£1,200', '-£200', '-£2,400', null, '-£2,600'],
    ['100', '£1,200', '-£200', '-£2,400', null, '-£2,600'],
  ];
  for (const [venues, platform, monthly, yearly, breakEven, firstYear] of cases) {
    await setCalculator(page, venues, '1000');
    await expect(page.getByTestId('calc-platform'), venues).toHaveText(platform);
    await expect(page.getByTestId('calc-monthly'), venues).toHaveText(monthly);
    await expect(page.getByTestId('calc-yearly'), venues).toHaveText(yearly);
    await expect(page.getByTestId('calc-first-year'), venues).toHaveText(firstYear);
    if (breakEven) {
      await expect(page.getByTestId('calc-break-even'), venues).toHaveText(breakEven);
      await expect(page.getByTestId('calc-no-break-even')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('calc-break-even'), venues).toHaveCount(0);
      await expect(page.getByTestId('calc-no-break-even')).toBeVisible();
    }
  }
  // Savings of exactly zero: still no break-even; a small saving gives ceil(200 / savings).
  await setCalculator(page, '3', '300');
  await expect(page.getByTestId('calc-monthly')).toHaveText('£0');
  await expect(page.getByTestId('calc-break-even')).toHaveCount(0);
  await setCalculator(page, '2', '300');
  await expect(page.getByTestId('calc-break-even')).toHaveText('4 months');
  // An empty cost falls back to 0; an empty venue count falls back to 1.
  await setCalculator(page, '', '');
  await expect(page.getByTestId('calc-platform')).toHaveText('£200');
  await expect(page.getByTestId('calc-monthly')).toHaveText('-£200');

  await page.goto('/');
  await setCalculator(page, '21', '2000');
  await expect(page.getByTestId('calc-monthly')).toHaveText('£800');
  await expect(page.getByTestId('calc-break-even')).toHaveText('1 month');
});

// One test per page and width (not one loop over all of them): each gets its own timeout, and a
// busy CI machine can no longer push a single long loop past it.
for (const { path } of PAGES) {
  test(`axe: no serious or critical violations in the content of ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test(`axe at a mobile width: no serious or critical violations on ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}
