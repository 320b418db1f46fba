import { expect, test, type APIRequestContext } from '@playwright/test';
import { recordScripts } from './fixtures/script-sizes';

/**
 * Issue 36: every dashboard route, loaded cold in Chromium by a signed-in user, transfers at most
 * 200 KB of script (gzip) until the network is idle. The performance-budgets spec holds the public
 * pages and /dashboard to 150 KB; scripts/size-report.mjs holds every route's first chunks to 170 KB.
 */
const SCRIPT_BUDGET_BYTES = 200 * 1024;
const PASSWORD = 'DemoPass!2026';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function firstId(request: APIRequestContext, path: string, token: string): Promise<string> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBe(true);
  const body = (await res.json()) as { data: Array<{ id?: string; uuid?: string }> };
  const first = body.data[0];
  expect(first, path).toBeDefined();
  return (first!.id ?? first!.uuid)!;
}

type Ids = { org: string; instance: string; customer: string };
const ROUTES: Array<{ label: string; path: (ids: Ids) => string; staff?: boolean }> = [
  { label: '/dashboard', path: () => '/dashboard' },
  { label: '/dashboard/organizations', path: () => '/dashboard/organizations' },
  { label: '/dashboard/organizations/:orgUuid', path: (i) => `/dashboard/organizations/${i.org}` },
  { label: '/dashboard/instances', path: () => '/dashboard/instances' },
  { label: '/dashboard/instances/:uuid', path: (i) => `/dashboard/instances/${i.instance}` },
  { label: '/dashboard/branding/:orgUuid', path: (i) => `/dashboard/branding/${i.org}` },
  { label: '/dashboard/tenant/:orgUuid', path: (i) => `/dashboard/tenant/${i.org}` },
  { label: '/dashboard/subscription', path: () => '/dashboard/subscription' },
  { label: '/dashboard/support', path: () => '/dashboard/support' },
  { label: '/dashboard/profile', path: () => '/dashboard/profile' },
  { label: '/dashboard/security', path: () => '/dashboard/security' },
  { label: '/dashboard/notifications', path: () => '/dashboard/notifications' },
  { label: '/dashboard/activity-log', path: () => '/dashboard/activity-log' },
  { label: '/dashboard/staff', path: () => '/dashboard/staff', staff: true },
  { label: '/dashboard/support/staff', path: () => '/dashboard/support/staff', staff: true },
  {
    label: '/dashboard/staff/customers/:uuid',
    path: (i) => `/dashboard/staff/customers/${i.customer}`,
    staff: true,
  },
];

test.describe('dashboard routes: script transferred on a cold load', () => {
  const tokens = { demo: '', staff: '' };
  const ids: Ids = { org: '', instance: '', customer: '' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    tokens.demo = await tokenOf(request, 'demo@scmp.test');
    tokens.staff = await tokenOf(request, 'staff@scmp.test');
    ids.org = await firstId(request, '/api/v1/organizations', tokens.demo);
    ids.instance = await firstId(request, '/api/v1/instances', tokens.demo);
    ids.customer = await firstId(request, '/api/v1/staff/customers', tokens.staff);
    await request.dispose();
  });

  for (const { label, path, staff } of ROUTES) {
    test(`${label}: at most ${SCRIPT_BUDGET_BYTES / 1024} KB gzip of script`, async ({ page }) => {
      const token = staff ? tokens.staff : tokens.demo;
      await page.addInitScript((t) => localStorage.setItem('token', t), token);
      const scripts = recordScripts(page);

      await page.goto(path(ids));
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');

      const loaded = await Promise.all(scripts);
      const gzip = loaded.reduce((sum, s) => sum + s.gzip, 0);
      const wire = loaded.reduce((sum, s) => sum + s.wire, 0);
      console.log(
        `${label}: ${(gzip / 1024).toFixed(1)} KB gzip of script (${(wire / 1024).toFixed(1)} KB on the wire, ${loaded.length} files)`,
      );
      expect(loaded.length).toBeGreaterThan(0);
      expect(gzip).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
      expect(wire).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
    });
  }

  test('tooltips are fetched at the first interaction, and show on hover', async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('token', t), tokens.demo);
    const scripts = recordScripts(page);
    await page.goto(`/dashboard/instances/${ids.instance}`);
    const badge = page.getByText(/^SSL: /);
    await expect(badge).toBeVisible();
    await page.waitForLoadState('networkidle');
    const isTooltipScript = (url: string) => /\/(floating-ui|tooltip-impl)[^/]*\.js$/.test(url);
    expect((await Promise.all(scripts)).map((s) => s.url).filter(isTooltipScript)).toEqual([]);

    const fetched = page.waitForResponse((res) => isTooltipScript(res.url()));
    await page.mouse.move(5, 5); // the first interaction
    await fetched;
    await badge.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
  });
});
