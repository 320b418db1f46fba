import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  ACCOUNT_PASSWORD as PASSWORD,
  apiLogin,
  newSignedInAccount,
  registerAccount,
  signedIn,
} from './fixtures/accounts';
import { expectAccessible } from './fixtures/axe';

const NEW_PASSWORD = 'Another-Passphrase-2027';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('edit the profile and upload an avatar', async ({ browser }) => {
  const { page } = await newSignedInAccount(browser, 'Ada Lovelace', false);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Unverified Account')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  const reset = page.getByRole('button', { name: 'Reset' });
  await expect(save).toBeDisabled();
  await expect(reset).toBeDisabled();
  await expect(page.getByPlaceholder('City, Country')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Full Name' }).fill('');
  await save.click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await reset.click();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace');

  await page.getByRole('textbox', { name: 'Full Name' }).fill('Ada King');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('+44 20 7946 0958');
  await page.getByRole('textbox', { name: 'Location' }).fill('London, UK');
  await page.getByRole('textbox', { name: 'Bio' }).fill('Mathematician and writer.');
  await save.click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Ada King' })).toBeVisible();

  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Profile photo updated.')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Profile photo of Ada King' });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^\/files\/avatars\/[a-z0-9]{32}\.webp$/);
  await page.screenshot({ path: 'test-results/account-profile.png', fullPage: true });

  // notification preferences: SMS needs a phone (now set), toggles save the whole object
  await page.goto('/dashboard/notifications');
  const sms = page.getByRole('region', { name: 'SMS Notifications' });
  await expect(
    sms.getByText('Add a phone number to your profile to enable SMS notifications.'),
  ).toHaveCount(0);
  const reports = page
    .getByRole('region', { name: 'Email Notifications' })
    .getByRole('switch', { name: 'Reports' });
  await expect(reports).not.toBeChecked();
  await reports.click({ force: true });
  await expect(page.getByText('Notification preferences updated successfully.')).toBeVisible();
  await expect(reports).toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Email Notifications' }).getByRole('switch', {
      name: 'Reports',
    }),
  ).toBeChecked();
  // the verification e-mail of the registration is in the history
  const history = page.getByRole('region', { name: 'Notification History' });
  await expect(history.getByText('Verify your email address')).toBeVisible();
  await history.getByRole('button', { name: 'View all' }).click();
  await expect(
    page.getByRole('dialog', { name: 'All notifications' }).getByText('Verify your email address'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('SMS switches are disabled without a phone number', async ({ browser }) => {
  const { page } = await newSignedInAccount(browser, 'No Phone', false);
  await page.goto('/dashboard/notifications');
  const sms = page.getByRole('region', { name: 'SMS Notifications' });
  await expect(
    sms.getByText('Add a phone number to your profile to enable SMS notifications.'),
  ).toBeVisible();
  for (const sw of await sms.getByRole('switch').all()) await expect(sw).toBeDisabled();
});

test('change the password, other browsers are signed out; revoke sessions', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  const email = await registerAccount(setup, 'Alan Turing');
  const { page: main } = await signedIn(browser, email);
  const { page: other } = await signedIn(browser, email);
  await other.goto('/dashboard/profile');
  await expect(other.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await main.goto('/dashboard/security');
  await expect(main.getByTestId('tile-email-verified')).toHaveText('Not verified');
  await expect(main.getByTestId('tile-two-factor')).toHaveText('Not enabled (Recommended)');
  await expectAccessible(main);
  await main.getByRole('button', { name: 'Update Password' }).click();
  await expect(main.getByText('Current password is required')).toBeVisible();
  await expect(main.getByText('New password is required')).toBeVisible();
  await expect(main.getByText('Please confirm your new password')).toBeVisible();
  await main.getByRole('textbox', { name: 'Current Password' }).fill('wrong password');
  await main.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
  await main.getByRole('textbox', { name: 'Confirm New Password' }).fill(NEW_PASSWORD);
  await main.getByRole('button', { name: 'Update Password' }).click();
  await expect(main.getByText('The current password is incorrect.')).toBeVisible();
  await main.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Update Password' }).click();
  await expect(main.getByText('Password updated successfully.')).toBeVisible();

  // the other browser's next call answers 401 session_expired and it is sent to sign in
  await other.getByRole('button', { name: 'Account menu for Alan Turing' }).click();
  await other.getByRole('menuitem', { name: 'Security' }).click();
  await expect(other).toHaveURL(/\/login\?session_expired=true/);
  await expect(other.getByText('Your session has expired. Please log in again.')).toBeVisible();

  // two more sessions elsewhere; revoke one, then all others
  await apiLogin(setup, email, NEW_PASSWORD);
  await apiLogin(setup, email, NEW_PASSWORD);
  await main.reload();
  const rows = main.getByTestId('session-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByText('Current session')).toBeVisible();
  await rows
    .nth(1)
    .getByRole('button', { name: /^Revoke session/ })
    .click();
  await expect(main.getByText('Session revoked successfully.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await main.getByRole('button', { name: 'Revoke All Other Sessions' }).click();
  await main.getByRole('dialog').getByRole('button', { name: 'Revoke All' }).click();
  await expect(main.getByText('All other sessions revoked successfully.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(main.getByRole('button', { name: 'Revoke All Other Sessions' })).toHaveCount(0);
  await main.screenshot({ path: 'test-results/account-security.png', fullPage: true });
});

test('the activity log filters, pages and exports', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  const email = await registerAccount(setup, 'Activity Person');
  // a failed sign-in and a few successful ones
  await setup.request.post('/api/v1/auth/login', { data: { email, password: 'wrong password' } });
  for (let i = 0; i < 8; i++) await apiLogin(setup, email);
  const { page } = await signedIn(browser, email);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  for (let i = 0; i < 14; i++) {
    const res = await setup.request.put('/api/v1/profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `Activity Person ${i}`, email },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/dashboard/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page.getByTestId('summary-successful-logins')).toHaveText('9');
  await expect(page.getByTestId('summary-failed-attempts')).toHaveText('1');
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText('Just now');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Activity type' }).click();
  await page.getByRole('option', { name: 'Security' }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Account created');

  await page.getByRole('combobox', { name: 'Activity type' }).click();
  await page.getByRole('option', { name: 'Profile changes' }).click();
  await expect(entries).toHaveCount(14);
  await page.getByRole('combobox', { name: 'Activity type' }).click();
  await page.getByRole('option', { name: 'Sign-ins' }).click();
  await expect(entries).toHaveCount(10);
  await expect(entries.filter({ hasText: 'medium' })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(entries).toHaveCount(10);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export log' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Date,Type,Action,Description,Severity,IP address,Device,Location');
  expect(lines).toHaveLength(11);
  expect(lines.slice(1).every((line) => line.includes(',login,'))).toBe(true);
});
