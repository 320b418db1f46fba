import { expect, test, type Browser } from '@playwright/test';
import { ACCOUNT_PASSWORD as PASSWORD, newSignedInAccount } from './fixtures/accounts';
import { confirmAndDownloadZip, requestExport } from './fixtures/data-export';
import { mailTo } from './fixtures/dev-mail';

/** A new signed-in account on its Profile page: its e-mail, the page and the region named `region`. */
async function onProfile(browser: Browser, name: string, region: string) {
  const { email, page } = await newSignedInAccount(browser, name);
  await page.goto('/dashboard/profile');
  return { email, page, section: page.getByRole('region', { name: region }) };
}

/**
 * Issue 38 in the browser: Profile → Your data. Request an export, see it prepared and ready
 * (and the e-mail), download it after confirming the password in the dialog.
 */
test('Your data: request an export, then download it after confirming the password', async ({
  browser,
}) => {
  const { email, page, section } = await onProfile(browser, 'Data Owner', 'Your data');
  await expect(section).toBeVisible();
  await requestExport(page, section, 'Request data export', email);

  // A second request within 24 hours is refused with the reason.
  await section.getByRole('button', { name: 'Request data export' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'You can request one data export every 24 hours.',
  );

  await section.getByRole('button', { name: /Download the export of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The provided password is incorrect.')).toBeVisible();
  await confirmAndDownloadZip(page, dialog, /^scmp-data-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog).toBeHidden();

  // Within 10 minutes a second download asks for nothing.
  const again = page.waitForEvent('download');
  await section.getByRole('button', { name: /Download the export of/ }).click();
  await again;
  await expect(dialog).toBeHidden();
  await mailTo(page, email, 'Your data export was downloaded');
});

test('Delete account: the danger zone signs out at once, the e-mailed link restores the account', async ({
  browser,
}) => {
  const { email, page, section: zone } = await onProfile(browser, 'Leaving User', 'Delete account');
  await zone.getByRole('button', { name: 'Delete account…' }).click();
  const submit = zone.getByRole('button', { name: 'Delete my account' });
  await zone.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await expect(submit).toBeDisabled();
  await zone.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Your account has been deleted. We have e-mailed you a link to restore it within 30 days.',
    ),
  ).toBeVisible();
  const refused = await page.request.post('/api/v1/auth/login', {
    data: { email, password: PASSWORD },
  });
  expect(refused.status()).toBe(401);

  const mail = await mailTo(page, email, 'Your account has been deleted');
  const link = mail.text.match(/https?:\/\/[^\s]+\/restore-account\?token=[^\s]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Restore my account' }).click();
  await expect(
    page.getByText('Your account has been restored. Sign in with your password.'),
  ).toBeVisible();
  const back = await page.request.post('/api/v1/auth/login', {
    data: { email, password: PASSWORD },
  });
  expect(back.status()).toBe(200);
});
