import { expect, test } from '@playwright/test';

/**
 * Issue 5's layout budget measured in Chromium on the built app: the cookie banner, fonts and
 * lazy pages cause no layout shift (CLS < 0.1). The JavaScript a first visit downloads is printed
 * for the record (its 200 KB budget is not met yet: see the closing notes).
 */
for (const route of ['/', '/pricing', '/features']) {
  test(`${route}: no layout shift (CLS under 0.1)`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.getByText('We use cookies to enhance your experience')).toBeVisible();
    await page.waitForTimeout(500); // let late shifts (fonts, banner) be reported
    const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    console.log(
      `${route}: ${(bytes / 1024).toFixed(1)} KB of JavaScript on the wire, CLS ${cls.toFixed(3)}`,
    );
    expect(bytes).toBeGreaterThan(0);
    expect(cls).toBeLessThan(0.1);
  });
}
