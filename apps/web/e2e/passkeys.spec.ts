import { expect, test, type Page } from '@playwright/test';
import { openLoginPage, signOutFromMenu, submitLogin, totp } from './fixtures/sign-in';

const PASSWORD = 'Secure-Passphrase-2026';
const NAME = 'Ada Lovelace';

/** An account with two-factor on, made through the API; returns its e-mail and TOTP secret. */
async function accountWithTwoFactor(page: Page): Promise<{ email: string; secret: string }> {
  const email = `passkey-${Date.now()}@example.com`;
  const reg = await page.request.post('/api/v1/auth/register', {
    data: { name: NAME, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await reg.json()).data.token as string}` };
  const enable = await page.request.post('/api/v1/two-factor/enable', {
    headers,
    data: { password: PASSWORD },
  });
  const secret = (await enable.json()).data.secret as string;
  const confirm = await page.request.post('/api/v1/two-factor/confirm', {
    headers,
    data: { code: totp(secret) },
  });
  expect(confirm.status()).toBe(200);
  return { email, secret };
}

/** A platform authenticator holding discoverable credentials, with the user verified. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/**
 * Chrome's virtual authenticator answers a conditional (autofill) request at once, with no one
 * to pick the passkey; the flag makes the page's browser look like one without autofill support,
 * so the button is what signs in.
 */
async function withoutAutofill(page: Page, off: boolean): Promise<void> {
  await page.evaluate((value) => sessionStorage.setItem('e2e-no-autofill', value), off ? '1' : '');
}

/** Signs out from the dashboard (from elsewhere, signing in again returns to that page). */
async function signOut(page: Page) {
  await page.goto('/dashboard');
  await signOutFromMenu(page, NAME);
}

test('add a passkey, sign in with it past two-factor, remove it and see that sign-in refused', async ({
  page,
}) => {
  const { email, secret } = await accountWithTwoFactor(page);
  await addVirtualAuthenticator(page);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-no-autofill') === '1')
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });

  // The usual way in first: password, then an authenticator code (the next step's).
  await openLoginPage(page);
  await expect(page.getByLabel('Email address')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await submitLogin(page, email, PASSWORD);
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Security → Passkeys: add one named "Office laptop", then rename it.
  await page.goto('/dashboard/security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByTestId('passkeys-empty')).toHaveText('No passkeys yet.');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByText('Give the passkey a name.')).toBeVisible();
  await card.getByRole('textbox', { name: 'Passkey name' }).fill('Office laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  const row = card.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Office laptop');
  await expect(row).toContainText('Last used never');

  await card.getByRole('button', { name: 'Rename passkey Office laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByRole('textbox', { name: 'Passkey name' }).fill('Office laptop (Chrome)');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Office laptop (Chrome)');

  // Signed out, "Sign in with a passkey" goes straight to the dashboard: no code asked.
  await withoutAutofill(page, true);
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: `Account menu for ${NAME}` })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);

  await page.goto('/dashboard/security');
  await expect(row).not.toContainText('Last used never');

  // Conditional UI: reaching for the e-mail field, its autofill offers the passkey; picked (the
  // virtual authenticator picks at once), it signs in.
  await signOut(page);
  await withoutAutofill(page, false);
  await page.goto('/login');
  // The virtual authenticator may answer the autofill request as soon as the page asks, before
  // the click lands (the field is then gone): the sign-in is what counts, not the click.
  await page
    .getByLabel('Email address')
    .click({ timeout: 5000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: `Account menu for ${NAME}` })).toBeVisible();
  await withoutAutofill(page, true);
  await page.goto('/dashboard/security');

  // Removed (two-factor is on, so no password asked), the same passkey no longer signs in.
  await card.getByRole('button', { name: 'Remove passkey Office laptop (Chrome)' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove passkey' });
  await expect(remove.getByLabel('Current Password')).toHaveCount(0);
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByTestId('passkeys-empty')).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This passkey is not registered. Sign in with your password.',
  );
  await expect(page).toHaveURL(/\/login/);
});
