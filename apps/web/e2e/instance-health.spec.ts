import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/**
 * Issue 23 (health history) in the browser: the demo instance's page shows uptime for three
 * periods, a response-time chart drawn from 90 days of seeded checks (with points), its text
 * alternative, and the two seeded incidents; axe finds nothing serious on it.
 */
for (const width of [1280, 390]) {
  test(`the instance page shows uptime, the response-time chart and incidents @ ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
    });
    expect(login.status()).toBe(200);
    const session = ((await login.json()) as { data: { token: string } }).data.token;
    const list = await page.request.get('/api/v1/instances', {
      headers: { authorization: `Bearer ${session}` },
    });
    const demo = ((await list.json()) as { data: { uuid: string; host: string }[] }).data.find(
      (i) => i.host.startsWith('main-oakfield.'),
    )!;
    await consentToEssentialCookies(page);
    await page.goto('/login');
    await page.evaluate((value) => window.localStorage.setItem('token', value), session);
    await page.goto(`/dashboard/instances/${demo.uuid}`);

    const health = page.getByRole('region', { name: 'Health' });
    await expect(health.getByTestId('uptime-30 days')).toHaveText(/^\d+(\.\d+)?%$/);
    await expect(health.getByText(/of 1\d{3} checks failed/)).toBeVisible();
    const line = health.getByTestId('response-time-line');
    const points = ((await line.getAttribute('points')) ?? '').trim().split(/\s+/);
    expect(points.length).toBeGreaterThan(40);
    await expect(
      health.getByRole('img', { name: /Response time chart\. \d+ checks/ }),
    ).toBeVisible();
    const incidents = health.getByRole('table', { name: 'Incidents in the last 30 days' });
    await expect(incidents.getByRole('row')).toHaveCount(3);
    await expect(incidents.getByRole('cell', { name: '1 h', exact: true })).toBeVisible();
    await expect(incidents.getByRole('cell', { name: '30 min', exact: true })).toBeVisible();

    await expectAccessible(page);
  });
}
