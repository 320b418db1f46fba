import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/**
 * Accessibility (issue 12): axe-core (WCAG 2 A + AA rules) must report no serious or critical
 * violation on every route, signed out and signed in, at desktop and mobile widths, with the
 * page's dialogs open. One page load + one scan per test.
 */

const DEMO_PASSWORD = 'DemoPass!2026';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .map(
            (n) =>
              `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

async function expectNoSeriousViolations(page: Page) {
  // Frames (the branding live preview) are left out: scanning them makes axe open a second page.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe')
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious, describeViolations(serious)).toEqual([]);
}

/** Waits until the route has rendered its main heading and its data requests have settled. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Skeletons/loaders gone (best effort; some pages keep a live indicator).
  await page
    .locator('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 3_000 })
    .catch(() => undefined);
  await page.waitForTimeout(200);
}

async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

async function loginToken(email: string): Promise<string> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  await ctx.dispose();
  return body.data.token;
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const ctx = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const res = await ctx.get(path);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as T;
  await ctx.dispose();
  return body;
}

const PUBLIC_ROUTES = [
  '/',
  '/features',
  '/pricing',
  '/case-studies',
  '/health-safety-compliance',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/user-guides',
  '/training-videos',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/reset-password?token=x&email=a@b.c',
  '/verify-email/x/y',
  '/cancel-email-change?token=x',
  '/this/route/does-not-exist',
];

function scanRoute(route: string, width: (typeof WIDTHS)[number], token?: () => string) {
  test(`${route} @ ${width.name}`, async ({ page }) => {
    await page.setViewportSize({ width: width.width, height: width.height });
    await consentToEssentialCookies(page);
    if (token) await useToken(page, token());
    await page.goto(route);
    await settle(page);
    await expectNoSeriousViolations(page);
  });
}

test.describe('accessibility: signed out', () => {
  for (const width of WIDTHS) {
    for (const route of PUBLIC_ROUTES) scanRoute(route, width);
  }
});

test.describe('accessibility: dialogs', () => {
  for (const width of WIDTHS) {
    test(`cookie banner @ ${width.name}`, async ({ page }) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page);
    });

    test(`cookie preferences dialog @ ${width.name}`, async ({ page }) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/');
      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
      await page.waitForTimeout(300); // modal transition
      await expectNoSeriousViolations(page);
    });

    test(`features Watch Demo dialog @ ${width.name}`, async ({ page }) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      await consentToEssentialCookies(page);
      await page.goto('/features');
      await settle(page);
      await page.getByRole('button', { name: 'Watch Demo' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Watch Demo' })).toBeVisible();
      await page.waitForTimeout(300);
      await expectNoSeriousViolations(page);
    });

    test(`login form errors @ ${width.name}`, async ({ page }) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      await consentToEssentialCookies(page);
      await page.goto('/login');
      await settle(page);
      // Submitting the empty form shows the field errors, announced through aria-invalid.
      await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
      const email = page.getByLabel(/email/i).first();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await email.getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('accessibility: signed in', () => {
  let token = '';
  let orgUuid = '';
  let instanceUuid = '';

  test.beforeAll(async () => {
    token = await loginToken('demo@scmp.test');
    const orgs = await getJson<{ data: Array<{ id: string }> }>('/api/v1/organizations', token);
    orgUuid = orgs.data[0]!.id;
    const instances = await getJson<{ data: Array<{ id: string }> }>('/api/v1/instances', token);
    instanceUuid = instances.data[0]!.id;
  });

  const routes: Array<() => string> = [
    () => '/dashboard',
    () => '/dashboard/organizations',
    () => `/dashboard/organizations/${orgUuid}`,
    () => `/dashboard/organizations/${orgUuid}?tab=members`,
    () => `/dashboard/organizations/${orgUuid}?tab=webhooks`,
    () => '/dashboard/instances',
    () => `/dashboard/instances/${instanceUuid}`,
    () => `/dashboard/branding/${orgUuid}`,
    () => `/dashboard/tenant/${orgUuid}`,
    () => '/dashboard/subscription',
    () => '/dashboard/support',
    () => '/dashboard/profile',
    () => '/dashboard/security',
    () => '/dashboard/notifications',
    () => '/dashboard/activity-log',
    () => '/confirm-email-change?token=x',
  ];
  const labels = [
    '/dashboard',
    '/dashboard/organizations',
    '/dashboard/organizations/{org}',
    '/dashboard/organizations/{org}?tab=members',
    '/dashboard/organizations/{org}?tab=webhooks',
    '/dashboard/instances',
    '/dashboard/instances/{instance}',
    '/dashboard/branding/{org}',
    '/dashboard/tenant/{org}',
    '/dashboard/subscription',
    '/dashboard/support',
    '/dashboard/profile',
    '/dashboard/security',
    '/dashboard/notifications',
    '/dashboard/activity-log',
    '/confirm-email-change?token={bad}',
  ];

  for (const width of WIDTHS) {
    routes.forEach((route, i) => {
      const label = labels[i]!;
      test(`${label} @ ${width.name}`, async ({ page }) => {
        await page.setViewportSize({ width: width.width, height: width.height });
        await consentToEssentialCookies(page);
        await useToken(page, token);
        await page.goto(route());
        await settle(page);
        await expectNoSeriousViolations(page);
      });
    });
  }
});

test.describe('accessibility: invitation', () => {
  let path = '';
  test.beforeAll(async () => {
    // The demo owner invites someone; the link is read from the dev outbox.
    const token = await loginToken('demo@scmp.test');
    const orgs = await getJson<{ data: Array<{ id: string }> }>('/api/v1/organizations', token);
    const ctx = await request.newContext({ baseURL });
    const email = `a11y-${Date.now().toString(36)}@example.com`;
    const res = await ctx.post(`/api/v1/organizations/${orgs.data[0]!.id}/invitations`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { email, role: 'member' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const mail = (await (await ctx.get('/dev/mail.json')).json()) as { to: string; text: string }[];
    path = new URL(
      mail.find((m) => m.to === email)!.text.match(/https?:\/\/\S+\/invitations\/\S+/)![0],
    ).pathname;
  });
  for (const width of WIDTHS) {
    test(`/invitations/{token} @ ${width.name}`, async ({ page }) => {
      await page.setViewportSize({ width: width.width, height: width.height });
      await consentToEssentialCookies(page);
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Sign in to accept' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('accessibility: staff', () => {
  let token = '';
  test.beforeAll(async () => {
    token = await loginToken('staff@scmp.test');
  });
  for (const width of WIDTHS) {
    scanRoute('/dashboard/support/staff', width, () => token);
  }
});

test.describe('keyboard', () => {
  test('Tab reaches the main controls of the home page with a visible focus ring', async ({
    page,
  }) => {
    await consentToEssentialCookies(page);
    await page.goto('/');
    await settle(page);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none';
        return { name: `${el.tagName}:${el.textContent?.trim() ?? ''}`, visible };
      });
      expect(info, 'focus left the page').not.toBeNull();
      expect(info!.visible, `no visible focus on ${info!.name}`).toBe(true);
      seen.add(info!.name);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});
