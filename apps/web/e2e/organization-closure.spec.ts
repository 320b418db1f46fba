import { expect, test } from '@playwright/test';
import { newSignedInAccount } from './fixtures/accounts';
import { expectAccessible } from './fixtures/axe';
import { confirmAndDownloadZip, requestExport } from './fixtures/data-export';

/**
 * Issue 38 in the browser: an organization's owner exports its data (password confirmed in the
 * dialog), closes it from the danger zone with its name typed, sees the closing banner with the
 * purge date, and restores it.
 */
test('an owner exports the organization’s data, closes it with its name typed, and restores it', async ({
  browser,
}) => {
  const { email, page, token } = await newSignedInAccount(browser, 'Closing Owner');
  const name = `Closing Academy ${Date.now()}`;
  const created = await page.request.post('/api/v1/organizations', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, type: 'school' },
  });
  expect(created.status()).toBe(201);
  const orgUuid = ((await created.json()) as { data: { uuid: string } }).data.uuid;
  await page.goto(`/dashboard/organizations/${orgUuid}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // --- export the organization's data
  const data = page.getByRole('region', { name: 'Export organization data' });
  await requestExport(page, data, 'Export organization data', email);
  await data.getByRole('button', { name: /Download the organization export of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await confirmAndDownloadZip(page, dialog, /^scmp-organization-export-\d{4}-\d{2}-\d{2}\.zip$/);

  // --- close it: the danger zone explains, and asks for the name
  const zone = page.getByRole('region', { name: 'Close organization' });
  await expect(zone.getByText(/current billing period is not refunded/)).toBeVisible();
  await zone.getByRole('button', { name: 'Close organization…' }).click();
  const confirm = zone.getByRole('button', { name: 'Close this organization' });
  await zone.getByRole('textbox', { name: /Type the organization’s name/ }).fill('wrong name');
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await zone.getByRole('textbox', { name: /Type the organization’s name/ }).fill(name);
  await confirm.click();
  const banner = page.getByRole('status').filter({ hasText: 'This organization is closing' });
  await expect(banner).toBeVisible();
  const purge = new Date(Date.now() + 60 * 86_400_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await expect(banner).toContainText(`Its data will be deleted on ${purge}`);
  await expect(page.getByRole('region', { name: 'Close organization' })).toHaveCount(0);
  await expectAccessible(page);

  // --- restore it
  await banner.getByRole('button', { name: 'Restore organization' }).click();
  await expect(page.getByText(/Organization restored\./)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Close organization' })).toBeVisible();
});
