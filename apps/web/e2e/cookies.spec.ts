import { expect, test, type Page, type Request } from '@playwright/test';

const BANNER_TITLE = 'We use cookies to enhance your experience';

/** Records the analytics beacons the page sends. */
function watchAnalytics(page: Page): Request[] {
  const beacons: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/public/analytics/')) beacons.push(request);
  });
  return beacons;
}

async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    consent: localStorage.getItem('cookie_consent'),
    preferences: JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null') as unknown,
  }));
}

test('the banner shows until a choice is made; Essential Only stores it and sends no analytics', async ({
  page,
}) => {
  const beacons = watchAnalytics(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner.getByText(BANNER_TITLE)).toBeVisible();
  // A fixed overlay: it never pushes the page content around.
  await expect(banner).toHaveCSS('position', 'fixed');
  for (const [name, href] of [
    ['Cookie Policy', '/cookies'],
    ['Privacy Policy', '/privacy'],
  ] as const) {
    const link = banner.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner).toBeHidden();
  expect(await storedConsent(page)).toEqual({
    consent: 'true',
    preferences: { essential: true, functional: false, analytics: false, marketing: false },
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Features' })
    .click();
  await expect(page).toHaveURL(/\/features$/);
  // Give a beacon the chance to be (wrongly) sent before checking none was.
  await page.waitForLoadState('networkidle');
  expect(beacons).toHaveLength(0);
});

test('Accept All enables every category and starts first-party analytics', async ({ page }) => {
  const beacons = watchAnalytics(page);
  await page.goto('/features');
  await expect(page.getByText(BANNER_TITLE)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(beacons).toHaveLength(0);

  const first = page.waitForRequest((r) => r.url().endsWith('/api/v1/public/analytics/pageview'));
  await page.getByRole('button', { name: 'Accept All' }).click();
  const request = await first;
  expect(request.postDataJSON()).toEqual({ path: '/features' });
  expect(await storedConsent(page)).toEqual({
    consent: 'true',
    preferences: { essential: true, functional: true, analytics: true, marketing: true },
  });
  const next = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/v1/public/analytics/pageview') &&
      r.postDataJSON()?.path === '/pricing',
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await next;
});

test('Customize: the dialog keeps Essential on and saves the chosen categories', async ({
  page,
}) => {
  const beacons = watchAnalytics(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Required')).toBeVisible();
  await expect(dialog.getByText('Always Active')).toBeVisible();
  const essential = dialog.getByRole('switch', { name: /Essential/ });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  for (const name of ['Functional', 'Analytics', 'Marketing']) {
    await expect(dialog.getByRole('switch', { name: `${name} cookies` })).not.toBeChecked();
  }
  await expect(dialog.getByText('Disabled')).toHaveCount(3);

  // Cancel changes nothing and the banner comes back.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(BANNER_TITLE)).toBeVisible();
  expect((await storedConsent(page)).consent).toBeNull();

  await page.getByRole('button', { name: 'Customize' }).click();
  await dialog.getByRole('switch', { name: 'Analytics cookies' }).click({ force: true });
  await expect(dialog.getByText('Enabled')).toHaveCount(1);
  await expect(dialog.getByText('Disabled')).toHaveCount(2);
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/v1/public/analytics/pageview'));
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  expect(await storedConsent(page)).toEqual({
    consent: 'true',
    preferences: { essential: true, functional: false, analytics: true, marketing: false },
  });
  await beacon;
  expect(beacons.length).toBeGreaterThan(0);
});

test('unparseable stored preferences fall back to the defaults', async ({ page }) => {
  const beacons = watchAnalytics(page);
  await page.addInitScript(() => {
    localStorage.setItem('cookie_consent', 'true');
    localStorage.setItem('cookie_preferences', '{not json');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(beacons).toHaveLength(0);
});

test('stored preferences are merged over the defaults', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookie_consent', 'true');
    localStorage.setItem(
      'cookie_preferences',
      JSON.stringify({ analytics: true, essential: false }),
    );
  });
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/v1/public/analytics/pageview'));
  await page.goto('/case-studies');
  expect((await beacon).postDataJSON()).toEqual({ path: '/case-studies' });
});
