import { expect, test } from '@playwright/test';

test('the SPA loads / and navigates through the public nav', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/SCMP/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
});

test('an anonymous visitor to the dashboard is sent to sign in', async ({ page }) => {
  await page.goto('/dashboard/organizations');
  await expect(page).toHaveURL(/\/login$/);
});
