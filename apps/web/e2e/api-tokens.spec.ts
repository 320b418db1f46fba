import { expect, test } from '@playwright/test';
import { signInAsDemo } from './fixtures/demo-session';

/** Profile → API tokens: create one with a scope, use it against the API, revoke it. */
test('an API token is created with a scope, works once copied, and stops when revoked', async ({
  page,
}) => {
  await signInAsDemo(page);

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'API tokens' })).toBeVisible();
  const name = `MIS sync ${Date.now()}`;
  await page.getByRole('button', { name: 'Create token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await dialog.getByLabel('Token name').fill(name);
  await dialog.getByRole('checkbox', { name: 'organizations:read' }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^scmp_pat_[0-9A-Za-z]{43}$/);
  const token = (await shown.textContent()) ?? '';
  await expect(
    page.getByText('This is the only time it is shown.', { exact: false }),
  ).toBeVisible();

  const auth = { authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/v1/organizations', { headers: auth })).status()).toBe(200);
  const outside = await page.request.get('/api/v1/instances', { headers: auth });
  expect(outside.status()).toBe(403);
  expect(((await outside.json()) as { code: string }).code).toBe('INSUFFICIENT_SCOPE');

  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-token-row').filter({ hasText: name });
  await expect(row).toContainText('organizations:read');
  await expect(row).toContainText(token.slice(0, 17));
  await expect(page.getByText(token.slice(17))).toHaveCount(0);

  await row.getByRole('button', { name: `Revoke API token ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('API token revoked.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get('/api/v1/organizations', { headers: auth })).status()).toBe(401);
});
