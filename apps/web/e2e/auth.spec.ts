import { expect, test, type Page } from '@playwright/test';
import { totp } from '../../server/src/testing/totp';
import { ACCOUNT_PASSWORD, apiLogin, registerAccount } from './fixtures/accounts';
import { mailLink } from './fixtures/dev-mail';

const DEMO_PASSWORD = 'DemoPass!2026';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign in with the demo user, come back to the page asked for, and sign-in pages redirect', async ({
  page,
}) => {
  await page.goto('/dashboard/support');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, 'demo@scmp.test');
  await expect(page).toHaveURL(/\/dashboard\/support$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the server message and keeps the form', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'demo@scmp.test', 'wrong password');
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login$/);
});

test('session_expired=true shows the notice', async ({ page }) => {
  await page.goto('/login?session_expired=true');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
});

test('sign-up refuses mismatched passwords without sending, then shows Check Your Email', async ({
  page,
}) => {
  let registerCalls = 0;
  page.on('request', (req) => {
    if (req.url().includes('auth.register')) registerCalls++;
  });
  await page.goto('/signup?plan=basic');
  await expect(page.getByText('You selected the Basic plan')).toBeVisible();
  const email = `new-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Full name' }).fill('New Person');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill('a long enough passphrase');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('something different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(registerCalls).toBe(0);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('a long enough passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: /verification link/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Dashboard (Limited Access)' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('sign up → verify from the e-mail → sign out → forgot password → reset from the e-mail → sign in', async ({
  page,
}) => {
  const email = `journey-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Journey Person');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first journey password');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('first journey password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const verifyLink = await mailLink(page, email, 'Verify your email address', '/verify-email/');
  await page.goto(verifyLink);
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard Now' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await send.click();
  await expect(page.getByRole('status')).toContainText('password reset link');

  const resetLink = await mailLink(page, email, 'Reset your password', '/reset-password');
  await page.goto(resetLink);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  const submit = page.getByRole('button', { name: 'Reset password' });
  await expect(submit).toBeDisabled();
  await page
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('second journey password');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('second journey password');
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Password reset successfully. Please sign in with your new password.'),
  ).toBeVisible();

  await signIn(page, email, 'second journey password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('reset page without a token shows the invalid-token message', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token')).toBeVisible();
  await expect(page.getByRole('link', { name: /forgot-password|reset link/i })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('a broken verification link shows the signed-out error variant', async ({ page }) => {
  await page.goto('/verify-email/00000000-0000-0000-0000-000000000000/abc?expires=1&signature=00');
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('an expired session sends the user to /login?session_expired=true with the notice', async ({
  page,
}) => {
  const email = await registerAccount(page, 'Expiry Person');
  const password = ACCOUNT_PASSWORD;
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The password is reset elsewhere: every session of the account is revoked.
  await page.request.post('/api/v1/auth/forgot-password', { data: { email } });
  const link = new URL(await mailLink(page, email, 'Reset your password', '/reset-password'));
  const reset = await page.request.post('/api/v1/auth/reset-password', {
    data: {
      email,
      token: link.searchParams.get('token'),
      password: 'a different password',
      password_confirmation: 'a different password',
    },
  });
  expect(reset.status()).toBe(200);

  // Coming back to the window re-validates the session.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/login\?session_expired=true$/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('two-factor sign-in: code entry, switching to a recovery code, Back to login resets', async ({
  page,
}) => {
  const email = await registerAccount(page, 'Two Factor');
  const password = ACCOUNT_PASSWORD;
  const headers = { authorization: `Bearer ${await apiLogin(page, email)}` };
  const enable = await page.request.post('/api/v1/two-factor/enable', {
    headers,
    data: { password },
  });
  const secret = (await enable.json()).data.secret as string;
  const confirm = await page.request.post('/api/v1/two-factor/confirm', {
    headers,
    data: { code: totp(secret) },
  });
  expect(confirm.status()).toBe(200);
  const recoveryCodes = (await confirm.json()).data.recovery_codes as string[];

  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Authentication code' });
  await code.fill('12ab34');
  await expect(code).toHaveValue('1234');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recovery = page.getByRole('textbox', { name: 'Recovery code' });
  await recovery.fill('abc');
  await expect(recovery).toHaveValue('ABC');
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await signIn(page, email, password);
  await expect(page.getByRole('textbox', { name: 'Authentication code' })).toHaveValue('');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill('WRONG123');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code');
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
