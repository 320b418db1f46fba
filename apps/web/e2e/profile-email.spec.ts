import { expect, test } from '@playwright/test';
import { ACCOUNT_PASSWORD as PASSWORD, newSignedInAccount } from './fixtures/accounts';
import { expectAccessible } from './fixtures/axe';
import { mailLink } from './fixtures/dev-mail';

/**
 * Issue 39 in the browser: a new e-mail address on the Profile page is a request. It needs the
 * current password, shows as pending with Resend and Cancel, and becomes the account's address
 * only when the link mailed to it is opened. A password change revokes API tokens by default.
 */
test('a new e-mail address stays pending with Resend and Cancel until the mailed link is opened', async ({
  browser,
}) => {
  const { email, page } = await newSignedInAccount(browser, 'Grace Hopper');
  const target = `grace-new-${Date.now()}@example.com`;
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Verified Account')).toBeVisible();

  const emailField = page.getByRole('textbox', { name: 'Email Address' });
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await emailField.fill(target);
  const currentPassword = page.getByLabel('Current Password');
  await expect(currentPassword).toBeVisible();
  await save.click();
  await expect(
    page.getByText('Enter your current password to change your email address.'),
  ).toBeVisible();
  await currentPassword.fill('not my password');
  await save.click();
  await expect(page.getByText('The current password is incorrect.').first()).toBeVisible();
  await currentPassword.fill(PASSWORD);
  await save.click();
  await expect(
    page.getByText(
      `We sent a confirmation link to ${target}. Your email address changes when you open it.`,
    ),
  ).toBeVisible();
  const pending = page.getByTestId('pending-email-change');
  await expect(pending).toContainText(target);
  // The account keeps its address meanwhile.
  await expect(emailField).toHaveValue(email);
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await expect(page.getByText('Verified Account')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/profile-email-pending.png', fullPage: true });

  // The old address was told, with a link to cancel.
  await mailLink(page, email, 'Someone asked to change your email address', '/cancel-email-change');

  // Resend, then cancel.
  await pending.getByRole('button', { name: 'Resend link' }).click();
  await expect(page.getByText(`We sent a new confirmation link to ${target}.`)).toBeVisible();
  await pending.getByRole('button', { name: 'Cancel change' }).click();
  await expect(
    page.getByText('The email change was cancelled. Your email address stays the same.'),
  ).toBeVisible();
  await expect(pending).toHaveCount(0);

  // Ask again and open the newest link from the outbox.
  await emailField.fill(target);
  await page.getByLabel('Current Password').fill(PASSWORD);
  await save.click();
  await expect(pending).toContainText(target);
  const link = await mailLink(
    page,
    target,
    'Confirm your new email address',
    '/confirm-email-change',
  );
  await page.goto(link);
  await expect(page.getByText(`Your email address is now ${target}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveValue(target);
  await expect(page.getByTestId('pending-email-change')).toHaveCount(0);
  await expect(page.getByText('Verified Account')).toBeVisible();
  // The link is single use.
  await page.goto(link);
  await expect(page.getByText('This email change link is invalid or has expired.')).toBeVisible();
});

test('the cancel link in the notice to the old address works without signing in', async ({
  browser,
}) => {
  const { setup, email, page } = await newSignedInAccount(browser, 'Katherine Johnson');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const target = `katherine-new-${Date.now()}@example.com`;
  const asked = await setup.request.put('/api/v1/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Katherine Johnson', email: target, current_password: PASSWORD },
  });
  expect(asked.status()).toBe(200);
  const cancelLink = await mailLink(
    setup,
    email,
    'Someone asked to change your email address',
    '/cancel-email-change',
  );
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(cancelLink);
  await anonymous.getByRole('button', { name: 'Cancel the email change' }).click();
  await expect(
    anonymous.getByText('The email change was cancelled. Your email address stays the same.'),
  ).toBeVisible();
  await expect(anonymous.getByRole('link', { name: 'Reset your password' })).toBeVisible();

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveValue(email);
  await expect(page.getByTestId('pending-email-change')).toHaveCount(0);
});

test('a password change revokes the API tokens with the box ticked by default', async ({
  browser,
}) => {
  const { setup, page } = await newSignedInAccount(browser, 'Mary Jackson');
  const session = await page.evaluate(() => window.localStorage.getItem('token'));
  const created = await setup.request.post('/api/v1/user/api-tokens', {
    headers: { authorization: `Bearer ${session}` },
    data: { name: 'Old integration', scopes: ['profile:read'], expires_in_days: 30 },
  });
  expect(created.status()).toBe(201);
  const pat = ((await created.json()) as { data: { token: string } }).data.token;

  await page.goto('/dashboard/security');
  const box = page.getByRole('checkbox', { name: 'Also revoke my API tokens' });
  await expect(box).toBeChecked();
  await page.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Brand-New-2027!');
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Brand-New-2027!');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  await expect(box).toBeChecked();
  const revoked = await setup.request.get('/api/v1/profile', {
    headers: { authorization: `Bearer ${pat}` },
  });
  expect(revoked.status()).toBe(401);
  expect(((await revoked.json()) as { session_expired?: boolean }).session_expired).toBe(true);
});
