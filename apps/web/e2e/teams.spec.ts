import { expect, test, type Browser } from '@playwright/test';
import { createActiveTenant } from './fixtures/active-tenant';
import { consentToEssentialCookies } from './fixtures/cookie-consent';
import { linkFromMail } from './fixtures/dev-mail';

async function signedInPage(browser: Browser, token?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await consentToEssentialCookies(page);
  if (token) await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return { context, page };
}

/**
 * Issue 21 in the browser: the owner invites a colleague from the Members tab, the colleague
 * registers from the e-mail link, verifies the address and accepts, sees the organization as a
 * member without edit buttons; the owner promotes them to admin and they can save the branding;
 * as an admin they invite people, and demoting them withdraws those invitations (issue 39); the
 * owner removes them keeping their last invitation, and their next page load no longer finds the
 * organization.
 */
test('an invited colleague joins as a member, is promoted to admin, then removed', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createActiveTenant(request, 'teams');
  const orgName = 'teams School';
  const colleague = `colleague-${Date.now().toString(36)}@example.com`;

  // --- the owner invites a colleague as a member
  const owner = await signedInPage(browser, tenant.token);
  await owner.page.goto(`/dashboard/organizations/${tenant.uuid}`);
  await owner.page.getByRole('tab', { name: 'Members' }).click();
  await expect(owner.page).toHaveURL(/\?tab=members$/);
  await expect(owner.page.getByTestId(`member-${tenant.email}`)).toContainText('Owner');
  const invite = owner.page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email address').fill(colleague);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.page.getByText('Invitation sent.')).toBeVisible();
  await expect(owner.page.getByTestId(`invitation-${colleague}`)).toContainText('Member');

  // --- the colleague opens the e-mail's link, registers with the invited address, verifies it
  const invitationLink = await linkFromMail(request, colleague, /https?:\/\/\S+\/invitations\/\S+/);
  const mate = await signedInPage(browser);
  await mate.page.goto(new URL(invitationLink).pathname);
  await expect(mate.page.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible();
  await expect(
    mate.page.getByText(`invited ${colleague} to join ${orgName} as member`),
  ).toBeVisible();
  await mate.page.getByRole('button', { name: 'Create an account' }).click();
  await expect(mate.page).toHaveURL(/\/signup$/);
  await expect(mate.page.getByLabel('Email address')).toHaveValue(colleague);
  await mate.page.getByLabel('Full name').fill('Casey Colleague');
  await mate.page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill('colleague passphrase 2026');
  await mate.page
    .getByRole('textbox', { name: 'Confirm password' })
    .fill('colleague passphrase 2026');
  await mate.page.getByRole('button', { name: 'Create account' }).click();
  await expect(mate.page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const verifyLink = await linkFromMail(request, colleague, /https?:\/\/\S+verify-email\S+/);
  const verify = new URL(verifyLink);
  await mate.page.goto(`${verify.pathname}${verify.search}`);
  // Verified: back to the invitation (not the dashboard), which now offers Accept.
  await expect(mate.page).toHaveURL(new URL(invitationLink).pathname, { timeout: 15_000 });
  await mate.page.getByRole('button', { name: 'Accept invitation' }).click();

  // --- a member: sees the organization, with no edit buttons
  await expect(mate.page).toHaveURL(`/dashboard/organizations/${tenant.uuid}`);
  await expect(mate.page.getByRole('heading', { level: 1, name: orgName })).toContainText('Member');
  await expect(mate.page.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  await expect(mate.page.getByRole('region', { name: 'Close organization' })).toHaveCount(0);
  await mate.page.goto(`/dashboard/branding/${tenant.uuid}`);
  await expect(mate.page.getByTestId('branding-read-only')).toBeVisible();
  await expect(mate.page.getByRole('button', { name: 'Save Branding' })).toBeDisabled();
  await mate.page.goto('/dashboard/subscription');
  await expect(mate.page.getByTestId('billing-not-allowed')).toBeVisible();

  // --- the owner promotes them to admin; they can now edit the branding
  await owner.page.reload();
  await expect(owner.page.getByTestId(`member-${colleague}`)).toBeVisible();
  await owner.page.getByRole('combobox', { name: 'Role of Casey Colleague' }).click();
  await owner.page.getByRole('option', { name: 'Admin' }).click();
  await expect(owner.page.getByText('Role updated.')).toBeVisible();

  await mate.page.goto(`/dashboard/branding/${tenant.uuid}`);
  await expect(mate.page.getByLabel('Tagline')).toBeEnabled();
  await expect(mate.page.getByTestId('branding-read-only')).toHaveCount(0);
  await mate.page.getByLabel('Tagline').fill('Run by a team');
  await mate.page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(mate.page.getByText('Branding settings saved successfully.')).toBeVisible();

  // --- as an admin they invite two people; demoted to member, their invitations are withdrawn
  const guests = [1, 2, 3].map((n) => `guest${n}-${Date.now().toString(36)}@example.com`);
  const inviteAs = async (page: typeof mate.page, email: string) => {
    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent.').first()).toBeVisible();
    await expect(page.getByTestId(`invitation-${email}`)).toBeVisible();
  };
  await mate.page.goto(`/dashboard/organizations/${tenant.uuid}?tab=members`);
  await inviteAs(mate.page, guests[0]!);
  await inviteAs(mate.page, guests[1]!);
  await owner.page.reload();
  await expect(owner.page.getByTestId(`invitation-${guests[1]}`)).toBeVisible();
  await owner.page.getByRole('combobox', { name: 'Role of Casey Colleague' }).click();
  await owner.page.getByRole('option', { name: 'Member' }).click();
  await expect(
    owner.page.getByText('Role updated. 2 invitations sent by Casey Colleague were withdrawn.'),
  ).toBeVisible();
  await expect(owner.page.getByTestId(`invitation-${guests[0]}`)).toHaveCount(0);
  await expect(owner.page.getByTestId(`invitation-${guests[1]}`)).toHaveCount(0);

  // --- admin again, they invite a third; the owner removes them and keeps that invitation
  await owner.page.getByRole('combobox', { name: 'Role of Casey Colleague' }).click();
  await owner.page.getByRole('option', { name: 'Admin' }).click();
  await expect(owner.page.getByText('Role updated.', { exact: true })).toBeVisible();
  await mate.page.reload();
  await inviteAs(mate.page, guests[2]!);
  await owner.page.reload();
  await expect(owner.page.getByTestId(`invitation-${guests[2]}`)).toBeVisible();

  // --- the owner removes them; their next page load shows the organization is gone
  await owner.page.getByRole('button', { name: 'Remove Casey Colleague' }).click();
  const dialog = owner.page.getByRole('dialog');
  const keep = dialog.getByRole('checkbox', { name: 'Keep the invitations Casey Colleague sent' });
  await expect(keep).not.toBeChecked();
  await keep.check();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(owner.page.getByText('Member removed.', { exact: true })).toBeVisible();
  await expect(owner.page.getByTestId(`member-${colleague}`)).toHaveCount(0);
  await expect(owner.page.getByTestId(`invitation-${guests[2]}`)).toBeVisible();

  await mate.page.goto(`/dashboard/organizations/${tenant.uuid}`);
  await expect(mate.page.getByRole('heading', { name: 'Organization not found' })).toBeVisible();
  await mate.page.goto('/dashboard/organizations');
  await expect(mate.page.getByRole('article', { name: orgName })).toHaveCount(0);

  await owner.context.close();
  await mate.context.close();
});
