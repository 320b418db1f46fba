import { expect, test } from '@playwright/test';
import { signInWithPassword, totp } from './fixtures/sign-in';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import { baseURL } from '../playwright.config';
import { createActiveTenant } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { addOidcConnection, openSignedIn, withDnsAndOidcProvider } from './fixtures/sso';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Issue 37's sign-in policies in the browser: an admin verifies the domain (loopback DNS), adds an
 * OIDC connection, tests it and switches on Require SSO; a staff member signs in through the
 * provider from the tenant's own login page and lands in the organization as a member; their
 * password sign-in is then refused with the link to the identity provider; the owner's
 * break-glass sign-in (password and authenticator code) still works and is e-mailed.
 */
test('Require SSO: staff sign in through the provider, passwords are refused, the owner keeps break-glass', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await withDnsAndOidcProvider(async (dns, idp) => {
    const domain = `pol${Date.now().toString(36)}.org.uk`;
    const ownerEmail = `head@${domain}`;
    const ownerPassword = 'tenant spec password';
    const tenant = await createActiveTenant(page.request, 'ssopol', ownerEmail);
    const auth = { authorization: `Bearer ${tenant.token}` };
    // The owner has an authenticator app (break-glass needs a second factor).
    const enabled = await page.request.post('/api/v1/two-factor/enable', {
      headers: auth,
      data: { password: ownerPassword },
    });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const secret = (await enabled.json()).data.secret as string;
    const confirmed = await page.request.post('/api/v1/two-factor/confirm', {
      headers: auth,
      data: { code: totp(secret) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // A teacher who already has an SCMP account with a password (not yet a member).
    const teacherEmail = `new.teacher@${domain}`;
    const teacherPassword = 'teacher spec password';
    const registered = await page.request.post('/api/v1/auth/register', {
      data: {
        name: 'New Teacher',
        email: teacherEmail,
        password: teacherPassword,
        password_confirmation: teacherPassword,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    idp.accounts.set('it-lead', { email: `it.lead@${domain}` });
    idp.accounts.set('teacher', { email: teacherEmail, name: 'New Teacher' });

    // --- the admin: domain, connection, test, policy
    await openSignedIn(page, tenant.token);
    await page.goto(`/dashboard/organizations/${tenant.uuid}?tab=security`);
    await page.getByLabel('Domain').fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const domainCard = page.getByRole('region', { name: domain });
    const value = await domainCard.getByText(/^scmp-verify=/).textContent();
    dns.set(`_scmp-verify.${domain}`, 'TXT', [value!.trim()]);
    await domainCard.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(domainCard.getByText('Verified', { exact: true })).toBeVisible();

    const requireSso = page.getByLabel('Require single sign-on', { exact: true });
    await expect(requireSso).toBeDisabled();
    await expect(page.getByTestId('require-sso-reason')).toHaveText(SSO_POLICY_TEXTS.testFirst);

    const card = await addOidcConnection(page, idp);
    await expect(card.getByText('Not tested')).toBeVisible();
    idp.loginAs('it-lead');
    await card.getByRole('button', { name: 'Test the connection' }).click();
    await expect(page).toHaveURL(/tab=security&sso_test=/, { timeout: 20_000 });
    await expect(
      page.getByRole('region', { name: 'School IdP' }).getByText('Test passed'),
    ).toBeVisible();

    await expect(requireSso).toBeEnabled();
    await expect(page.getByTestId('require-sso-summary')).toContainText(domain);
    await expect(page.getByText(/Break-glass: the owner can always sign in/)).toBeVisible();
    await requireSso.click();
    await page.getByRole('button', { name: 'Require single sign-on' }).click();
    await expect(page.getByText(SSO_POLICY_TEXTS.updated)).toBeVisible();
    await expect(requireSso).toBeChecked();

    // --- the teacher signs in through the provider from the tenant's own login page
    const teacherContext = await browser.newContext({ baseURL });
    const teacher = await teacherContext.newPage();
    await consentToEssentialCookies(teacher);
    idp.loginAs('teacher');
    await teacher.goto(`http://${tenant.subdomain}.localhost:${PORT}/login`);
    await teacher.getByRole('link', { name: 'Sign in with School IdP' }).click();
    await expect(teacher).toHaveURL(new RegExp(`^${baseURL}/dashboard`), { timeout: 20_000 });
    const teacherToken = await teacher.evaluate(() => window.localStorage.getItem('token'));
    const orgs = await teacher.request.get('/api/v1/organizations', {
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    const mine = ((await orgs.json()).data as { uuid: string; role: string }[]).find(
      (o) => o.uuid === tenant.uuid,
    );
    expect(mine?.role).toBe('member');
    await teacher.goto('/dashboard/organizations');
    await expect(teacher.getByText('ssopol School').first()).toBeVisible();
    await teacherContext.close();

    // --- the teacher's password sign-in is refused with the link to the identity provider
    const passwordContext = await browser.newContext({ baseURL });
    const byPassword = await passwordContext.newPage();
    await consentToEssentialCookies(byPassword);
    await signInWithPassword(byPassword, teacherEmail, teacherPassword);
    const refusal = byPassword.getByRole('alert').filter({ hasText: SSO_POLICY_TEXTS.ssoRequired });
    await expect(refusal).toBeVisible();
    await expect(
      refusal.getByRole('link', { name: 'Sign in through your identity provider' }),
    ).toHaveAttribute(
      'href',
      `${baseURL}/api/v1/sso/start?email=${encodeURIComponent(teacherEmail)}`,
    );
    await passwordContext.close();

    // --- the owner's break-glass sign-in: password and authenticator code
    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    await consentToEssentialCookies(owner);
    await signInWithPassword(owner, ownerEmail, ownerPassword);
    // The next time step: the confirming code's step is spent.
    await owner.getByLabel('Authentication code').fill(totp(secret, 1));
    await owner.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(owner).toHaveURL(/\/dashboard/, { timeout: 20_000 });
    await ownerContext.close();
    await expect
      .poll(async () => {
        const list = (await (await page.request.get('/dev/mail.json')).json()) as {
          to: string;
          subject: string;
        }[];
        return list.some(
          (m) =>
            m.to === ownerEmail &&
            m.subject === SSO_POLICY_TEXTS.breakGlassSubject('ssopol School'),
        );
      })
      .toBe(true);
  });
});

/**
 * Require two-factor in the browser: a member without a second factor who opens a page of the
 * organization is sent to the two-factor setup with the explanation.
 */
test('Require two-factor sends a member without a second factor to the setup first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tenant = await createActiveTenant(page.request, 'ssotfa');
  const auth = { authorization: `Bearer ${tenant.token}` };
  const on = await page.request.patch(`/api/v1/organizations/${tenant.uuid}/sso-policy`, {
    headers: auth,
    data: { require_two_factor: true },
  });
  expect(on.status(), await on.text()).toBe(200);

  await consentToEssentialCookies(page);
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), tenant.token);
  await page.goto(`/dashboard/organizations/${tenant.uuid}`);
  await expect(page).toHaveURL(/\/dashboard\/security\?two_factor_required=1/, {
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toContainText(
    SSO_POLICY_TEXTS.twoFactorRequired('ssotfa School'),
  );
});
