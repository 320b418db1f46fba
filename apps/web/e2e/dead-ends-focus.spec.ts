import { expect, test } from '@playwright/test';
import { pageWithToken, verifiedAccount } from './fixtures/dead-ends';

/**
 * Issue 40 part 5 in Chromium: the cookie banner never covers the focused element and gives focus
 * back; inline forms return focus to the button that opened them.
 */

test('on a 390×844 phone the cookie banner is compact, never covers the focused element and gives focus back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await verifiedAccount(request, 'Casey Cookies');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // One line of text and the three buttons: well under a third of the screen.
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThan(844 / 6);
  const title = banner.getByText('We use cookies to enhance your experience');
  expect((await title.boundingBox())!.height).toBeLessThan(30);
  // The spec's links to /cookies and /privacy stay on a phone, opening in a new tab.
  for (const [name, href] of [
    ['Cookie Policy', '/cookies'],
    ['Privacy Policy', '/privacy'],
  ] as const) {
    const link = banner.getByRole('link', { name });
    await expect(link).toBeInViewport();
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  for (const name of ['Essential Only', 'Customize', 'Accept All']) {
    const button = banner.getByRole('button', { name });
    await expect(button).toBeInViewport();
    // Each label is whole, not cut off.
    expect(
      await button.evaluate((el) => {
        const label = el.querySelector('.mantine-Button-label') ?? el;
        return label.scrollWidth <= label.clientWidth + 1;
      }),
    ).toBe(true);
  }
  await page.screenshot({ path: 'test-results/cookie-banner-phone.png' });

  // Tab through the page with the banner open: the focused element is never under it.
  const seen: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector('[aria-label="Cookie consent"]');
      if (!el || el === document.body || !bar) return null;
      const inBanner = bar.contains(el);
      const r = el.getBoundingClientRect();
      const top = bar.getBoundingClientRect().top;
      return {
        name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`,
        inBanner,
        covered: !inBanner && r.height > 0 && r.bottom > top + 0.5,
        bottom: r.bottom,
        top,
      };
    });
    if (!state) continue;
    if (state.inBanner) break;
    seen.push(state.name);
    expect(
      state.covered,
      `${state.name}: bottom ${state.bottom} under the banner at ${state.top}`,
    ).toBe(false);
  }
  // The walk passed the page's controls, including the Create Organization button.
  expect(seen.length).toBeGreaterThan(5);
  expect(seen.some((s) => s.includes('Create Your First Organization'))).toBe(true);

  // Focus something, then dismiss the banner from the keyboard: focus comes back, not <body>.
  const create = page.getByRole('button', { name: 'Create Your First Organization' });
  await create.focus();
  await banner.getByRole('button', { name: 'Essential Only' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect(create).toBeFocused();
  // The page no longer keeps room for the banner.
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
  await context.close();
});

test('closing an inline form returns focus to the button that opened it', async ({
  browser,
  request,
}) => {
  const { token } = await verifiedAccount(request, 'Fran Focus');
  const { context, page } = await pageWithToken(browser, { width: 1280, height: 800 }, token);
  await page.goto('/dashboard/organizations');
  await page.getByRole('button', { name: 'New Organization' }).click();
  const form = page.getByRole('form', { name: 'Create organization' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'New Organization' })).toBeFocused();
  await context.close();
});
