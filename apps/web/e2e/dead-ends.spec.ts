import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { createActiveTenant } from './fixtures/active-tenant';
import { expectAccessible } from './fixtures/axe';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/**
 * Issue 40 parts 4 and 5 in Chromium, on a desktop and a 390×844 phone: the deploy form says when
 * the organization has no plan (and Getting Started offers "Choose a plan"); Suspend asks first;
 * a member's dashboard says who manages billing; the cookie banner never covers the focused
 * element and gives focus back; the members table is cards on a phone; inline forms and the
 * banner return focus; toasts' close buttons have a name.
 */

type Envelope<T> = { data: T };
const PASSWORD = 'dead ends password 2026';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** The newest link in the dev outbox to `to` that matches `pattern`. */
async function linkFromMail(request: APIRequestContext, to: string, pattern: RegExp) {
  let link = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get('/dev/mail.json')).json()) as Array<{
        to: string;
        text: string;
      }>;
      link = list.find((m) => m.to === to)?.text.match(pattern)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** A new verified account through the API: its token. */
async function verifiedAccount(request: APIRequestContext, email: string, name: string) {
  const registered = await request.post('/api/v1/auth/register', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as Envelope<{ token: string }>).data.token;
  const link = new URL(await linkFromMail(request, email, /https?:\/\/\S+verify-email\S+/));
  const verified = await request.get(`/api/v1/auth${link.pathname}${link.search}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return token;
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as Envelope<T>).data;
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function pageWithToken(
  browser: Browser,
  viewport: { width: number; height: number },
  token: string,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await consentToEssentialCookies(page);
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return { context, page };
}

/** An active instance of a paid organization of its own, deployed through the API. */
async function activeInstance(request: APIRequestContext, label: string) {
  const tenant = await createActiveTenant(request, label);
  const name = `Portal ${stamp()}`;
  const created = await api<{ uuid: string }>(request, tenant.token, 'POST', '/instances', {
    organization_uuid: tenant.uuid,
    name,
    subdomain: 'main',
  });
  await expect
    .poll(
      async () =>
        (await api<{ status: string }>(request, tenant.token, 'GET', `/instances/${created.uuid}`))
          .status,
      { timeout: 20_000 },
    )
    .toBe('active');
  return { tenant, name, uuid: created.uuid };
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`on a ${label}`, () => {
    test('without a plan the deploy form says so, links to the plans and keeps Deploy disabled; Getting Started has "Choose a plan"', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = `noplan-${stamp()}@example.com`;
      const token = await verifiedAccount(request, email, 'Pat Planless');
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
      const token = await verifiedAccount(request, email, 'Morgan Member');
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

test('on a 390×844 phone the cookie banner is compact, never covers the focused element and gives focus back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `cookies-${stamp()}@example.com`;
  const token = await verifiedAccount(request, email, 'Casey Cookies');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // One line of text and the three buttons: well under a third of the screen.
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThan(844 / 6);
  const title = banner.getByText('We use cookies to enhance your experience');
  expect((await title.boundingBox())!.height).toBeLessThan(30);
  // The spec's links to /cookies and /privacy stay on a phone, opening in a new tab.
  for (const [name, href] of [
    ['Cookie Policy', '/cookies'],
    ['Privacy Policy', '/privacy'],
  ]) {
    const link = banner.getByRole('link', { name });
    await expect(link).toBeInViewport();
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  for (const name of ['Essential Only', 'Customize', 'Accept All']) {
    const button = banner.getByRole('button', { name });
    await expect(button).toBeInViewport();
    // Each label is whole, not cut off.
    expect(
      await button.evaluate((el) => {
        const label = el.querySelector('.mantine-Button-label') ?? el;
        return label.scrollWidth <= label.clientWidth + 1;
      }),
    ).toBe(true);
  }
  await page.screenshot({ path: 'test-results/cookie-banner-phone.png' });

  // Tab through the page with the banner open: the focused element is never under it.
  const seen: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector('[aria-label="Cookie consent"]');
      if (!el || el === document.body || !bar) return null;
      const inBanner = bar.contains(el);
      const r = el.getBoundingClientRect();
      const top = bar.getBoundingClientRect().top;
      return {
        name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`,
        inBanner,
        covered: !inBanner && r.height > 0 && r.bottom > top + 0.5,
        bottom: r.bottom,
        top,
      };
    });
    if (!state) continue;
    if (state.inBanner) break;
    seen.push(state.name);
    expect(
      state.covered,
      `${state.name}: bottom ${state.bottom} under the banner at ${state.top}`,
    ).toBe(false);
  }
  // The walk passed the page's controls, including the Create Organization button.
  expect(seen.length).toBeGreaterThan(5);
  expect(seen.some((s) => s.includes('Create Your First Organization'))).toBe(true);

  // Focus something, then dismiss the banner from the keyboard: focus comes back, not <body>.
  const create = page.getByRole('button', { name: 'Create Your First Organization' });
  await create.focus();
  await banner.getByRole('button', { name: 'Essential Only' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect(create).toBeFocused();
  // The page no longer keeps room for the banner.
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
  await context.close();
});

test('closing an inline form returns focus to the button that opened it', async ({
  browser,
  request,
}) => {
  const email = `focus-${stamp()}@example.com`;
  const token = await verifiedAccount(request, email, 'Fran Focus');
  const { context, page } = await pageWithToken(browser, { width: 1280, height: 800 }, token);
  await page.goto('/dashboard/organizations');
  await page.getByRole('button', { name: 'New Organization' }).click();
  const form = page.getByRole('form', { name: 'Create organization' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'New Organization' })).toBeFocused();
  await context.close();
});
