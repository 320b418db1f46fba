import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNT_PASSWORD as PASSWORD, registerAccount as register } from './fixtures/accounts';
import { signInWithPassword, signOutFromMenu, totp } from './fixtures/sign-in';
import { expectAccessible } from './fixtures/axe';

/**
 * Enable or Disable asks for the current password first: a wrong one shows the error in a red
 * box, the right one goes on.
 */
async function passwordStep(card: Locator, verb: 'Enable' | 'Disable') {
  await card.getByRole('button', { name: `${verb} Two-Factor Authentication` }).click();
  await card.getByRole('textbox', { name: 'Current Password' }).fill('not my password');
  await card.getByRole('button', { name: `${verb} 2FA` }).click();
  await expect(card.getByRole('alert')).toContainText('incorrect');
  await card.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD);
  await card.getByRole('button', { name: `${verb} 2FA` }).click();
}

test('enable two-factor, sign in with a TOTP code and a recovery code, then disable', async ({
  page,
}) => {
  const name = 'Grace Hopper';
  const email = await register(page, name);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/dashboard/security');
  await expect(page.getByTestId('tile-two-factor')).toHaveText('Not enabled (Recommended)');
  const card = page.getByRole('region', { name: 'Two-Factor Authentication' });
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();

  // Setting up needs the current password: a wrong one shows the error, the right one the QR code
  await passwordStep(card, 'Enable');
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const verifyButton = card.getByRole('button', { name: 'Verify & Enable' });
  const codeInput = card.getByLabel('Verification Code');
  await codeInput.fill('12ab');
  await expect(codeInput).toHaveValue('12');
  await expect(verifyButton).toBeDisabled();
  await codeInput.fill(totp(secret));
  await expect(verifyButton).toBeEnabled();
  await expectAccessible(page);
  await verifyButton.click();

  await expect(
    page.getByText('Two-factor authentication has been enabled successfully!'),
  ).toBeVisible();
  const codeList = card.getByTestId('recovery-codes');
  await expect(codeList.locator('code')).toHaveCount(8);
  const codes = (await codeList.locator('code').allInnerTexts()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);

  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download Codes' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.trim().split('\n');
  expect(lines[0]).toContain('recovery codes');
  expect(lines.slice(-8)).toEqual(codes);

  await card.getByRole('button', { name: "I've Saved Them" }).click();
  await expect(card.getByText('Recovery codes available: 8')).toBeVisible();
  await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(page.getByTestId('tile-two-factor')).toHaveText('Enabled');

  // --- sign out, sign in with a TOTP code (the next time step: the current one was used)
  await signOutFromMenu(page, name);
  await signInWithPassword(page, email, PASSWORD);
  const authCode = page.getByLabel('Authentication code');
  await expect(authCode).toBeVisible();
  await authCode.fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // --- sign out, sign in with a recovery code
  await signOutFromMenu(page, name);
  await signInWithPassword(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/dashboard/profile');
  const profileCard = page.getByRole('region', { name: 'Two-Factor Authentication' });
  await expect(profileCard.getByText('Recovery codes available: 7')).toBeVisible();

  // --- regenerate: an empty answer aborts, the password generates a new set
  await profileCard.getByRole('button', { name: 'Generate New Recovery Codes' }).click();
  const prompt = page.getByRole('dialog', { name: 'Generate New Recovery Codes' });
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(profileCard.getByText('Recovery codes available: 7')).toBeVisible();
  await profileCard.getByRole('button', { name: 'Generate New Recovery Codes' }).click();
  await prompt.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('New recovery codes generated successfully!')).toBeVisible();
  await expect(profileCard.getByTestId('recovery-codes').locator('code')).toHaveCount(8);
  await profileCard.getByRole('button', { name: "I've Saved Them" }).click();
  await expect(profileCard.getByText('Recovery codes available: 8')).toBeVisible();

  // --- disable: a wrong password shows the error in a red box, the right one turns it off
  await passwordStep(profileCard, 'Disable');
  await expect(profileCard.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(
    profileCard.getByRole('button', { name: 'Enable Two-Factor Authentication' }),
  ).toBeVisible();
});
