import { expect, test } from '@playwright/test';
import { activeInstance, createActiveTenant } from './fixtures/active-tenant';
import { expectAccessible } from './fixtures/axe';
import { VIEWPORTS, api, pageWithToken, stamp, verifiedAccount } from './fixtures/dead-ends';
import { linkFromMail } from './fixtures/dev-mail';

/**
 * Issue 40 parts 4 and 5 in Chromium, on a desktop and a 390×844 phone: the deploy form says when
 * the organization has no plan (and Getting Started offers "Choose a plan"); Suspend asks first;
 * a member's dashboard says who manages billing; the members table is cards on a phone; toasts'
 * close buttons have a name. The cookie banner and the inline forms: dead-ends-focus.spec.ts.
 */

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`on a ${label}`, () => {
    test('without a plan the deploy form says so, links to the plans and keeps Deploy disabled; Getting Started has "Choose a plan"', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const { email, token } = await verifiedAccount(request, 'Pat Planless');
      const org = await api<{ uuid: string }>(request, token, 'POST', '/organizations', {
        name: 'Planless Primary',
        type: 'school',
        subdomain: `planless-${stamp()}`,
      });
      const { context, page } = await pageWithToken(browser, viewport, token);

      await page.goto('/dashboard');
      const checklist = page.getByRole('list', { name: 'Getting Started checklist' });
      const planStep = checklist.getByRole('listitem').filter({ hasText: 'Choose a plan' });
      await expect(planStep).toHaveAttribute('data-done', 'false');
      await expect(planStep.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
        'href',
        `/dashboard/subscription?organization=${org.uuid}`,
      );

      await page.goto('/dashboard/instances');
      const deploy = page.getByRole('form', { name: 'Deploy new instance' });
      const notice = deploy.getByTestId('deploy-needs-plan');
      await expect(notice).toContainText('Planless Primary has no active plan yet.');
      const link = notice.getByRole('link', { name: 'Choose a plan on the Subscription page' });
      await expect(link).toHaveAttribute(
        'href',
        `/dashboard/subscription?organization=${org.uuid}`,
      );
      // Above the form's fields.
      const noticeBox = (await notice.boundingBox())!;
      const nameBox = (await deploy.getByLabel('Instance name').boundingBox())!;
      expect(noticeBox.y).toBeLessThan(nameBox.y);
      await deploy.getByLabel('Instance name').fill('Main Site');
      await expect(deploy.getByRole('button', { name: 'Deploy Instance' })).toBeDisabled();
      await page.screenshot({ path: `test-results/deploy-needs-plan-${label}.png` });

      // The link leads to the plans of that organization.
      await link.click();
      await expect(page).toHaveURL(`/dashboard/subscription?organization=${org.uuid}`);

      // With a plan the notice goes, Deploy is enabled, and the step is ticked.
      const card = await api<{ id: string }>(
        request,
        token,
        'POST',
        '/payments/test/payment-methods',
        {
          type: 'card',
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2040,
          cvc: '123',
        },
      );
      await api(request, token, 'POST', '/subscription', {
        organization_uuid: org.uuid,
        plan_type: 'basic',
        additional_venues: 0,
        payment_method_id: card.id,
        payment_type: 'card',
        billing_details: {
          name: 'Pat Planless',
          email,
          address: {
            line1: '1 Lane',
            line2: '',
            city: 'York',
            postal_code: 'YO1 1AA',
            country: 'GB',
          },
        },
      });
      await page.goto('/dashboard/instances');
      await expect(deploy.getByLabel('Instance name')).toBeVisible();
      await expect(deploy.getByTestId('deploy-needs-plan')).toHaveCount(0);
      await deploy.getByLabel('Instance name').fill('Main Site');
      await expect(deploy.getByRole('button', { name: 'Deploy Instance' })).toBeEnabled();
      await page.goto('/dashboard');
      await expect(planStep).toHaveAttribute('data-done', 'true');
      await context.close();
    });

    test('Suspend asks first: Cancel leaves the portal running, Confirm suspends it', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const { tenant, name, uuid } = await activeInstance(request, `suspend-${label}`);
      const { context, page } = await pageWithToken(browser, viewport, tenant.token);
      await page.goto('/dashboard/instances');
      const card = page.getByRole('article', { name });
      await expect(card.getByText('Active', { exact: true })).toBeVisible();
      const suspend = card.getByRole('button', { name: `Suspend ${name}` });
      // Set apart from the everyday actions, in the danger colour.
      await expect(suspend).toHaveAttribute('data-variant', 'outline');
      const suspendBox = (await suspend.boundingBox())!;
      const visitBox = (await card.getByRole('link', { name: `Visit ${name}` }).boundingBox())!;
      const manageBox = (await card.getByRole('link', { name: `Manage ${name}` }).boundingBox())!;
      expect(suspendBox.x < visitBox.x && visitBox.x < manageBox.x).toBe(true);

      let patches = 0;
      page.on('request', (r) => {
        if (r.url().includes('changeStatus') || /\/instances\/[^/]+\/status/.test(r.url())) {
          patches += 1;
        }
      });
      await suspend.click();
      const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
      await expect(
        dialog.getByText(
          "Parents and staff will see a 'temporarily unavailable' page until you resume.",
        ),
      ).toBeVisible();
      await expectAccessible(page, '[role="dialog"]');
      await page.screenshot({ path: `test-results/suspend-confirm-${label}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      // Focus is back on the button that opened the dialog.
      await expect(suspend).toBeFocused();
      expect(patches).toBe(0);
      await page.reload();
      await expect(card.getByText('Active', { exact: true })).toBeVisible();

      await card.getByRole('button', { name: `Suspend ${name}` }).click();
      await dialog.getByRole('button', { name: 'Suspend instance' }).click();
      await expect(card.getByText('Suspended', { exact: true })).toBeVisible();
      // The toast's close button has an accessible name.
      await expect(page.getByRole('button', { name: 'Close notification' }).first()).toBeVisible();
      expect(
        (await api<{ status: string }>(request, tenant.token, 'GET', `/instances/${uuid}`)).status,
      ).toBe('suspended');

      // The detail page: Suspend sits in the Danger Zone and asks first too.
      await card.getByRole('button', { name: `Resume ${name}` }).click();
      await expect(card.getByText('Active', { exact: true })).toBeVisible();
      await page.goto(`/dashboard/instances/${uuid}`);
      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(
        (await api<{ status: string }>(request, tenant.token, 'GET', `/instances/${uuid}`)).status,
      ).toBe('active');
      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      await dialog.getByRole('button', { name: 'Suspend instance' }).click();
      await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
      await context.close();
    });

    test("a member's dashboard says the owner manages billing, not '0 subscriptions'; the members list is readable", async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const tenant = await createActiveTenant(request, `member-${label}`);
      const email = `mate-${stamp()}@example.com`;
      await api(request, tenant.token, 'POST', `/organizations/${tenant.uuid}/invitations`, {
        email,
        role: 'member',
      });
      const invitation = await linkFromMail(request, email, /\/invitations\/[A-Za-z0-9_-]+/);
      const { token } = await verifiedAccount(request, 'Morgan Member', email);
      await api(request, token, 'POST', `${invitation}/accept`);

      const { context, page } = await pageWithToken(browser, viewport, token);
      await page.goto('/dashboard');
      const tile = page.getByRole('main').getByRole('link', { name: 'Subscription', exact: true });
      await expect(tile).toContainText("Managed by the organization's owner");
      await expect(tile).not.toContainText('0 subscriptions');
      await expect(tile).not.toContainText('No plan yet');
      await expect(page.getByTestId('subscription-line')).toContainText(
        "Managed by the organization's owner",
      );
      await page.screenshot({ path: `test-results/member-dashboard-${label}.png` });

      // The members of the organization: Role and Leave are in view (cards on a phone).
      await page.goto(`/dashboard/organizations/${tenant.uuid}?tab=members`);
      const me = page.getByTestId(`member-${email}`);
      await expect(me).toBeVisible();
      await expect(me.getByText('Member', { exact: true })).toBeInViewport();
      await expect(me.getByRole('button', { name: 'Leave' })).toBeInViewport();
      if (label === 'phone') {
        await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
        await expect(page.getByRole('table', { name: 'Members' })).toHaveCount(0);
        // Nothing scrolls sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      }
      await page.screenshot({ path: `test-results/members-${label}.png`, fullPage: true });
      await context.close();

      // The owner sees the role select of the member in view too.
      const owner = await pageWithToken(browser, viewport, tenant.token);
      await owner.page.goto(`/dashboard/organizations/${tenant.uuid}?tab=members`);
      await expect(
        owner.page.getByRole('combobox', { name: 'Role of Morgan Member' }),
      ).toBeInViewport();
      await expect(
        owner.page.getByRole('button', { name: 'Remove Morgan Member' }),
      ).toBeInViewport();
      await owner.context.close();
    });
  });
}
