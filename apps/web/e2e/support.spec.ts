import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { signedInContext } from './fixtures/accounts';

const PASSWORD = 'DemoPass!2026';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a customer opens a ticket with an attachment, staff answer it, the customer replies', async ({
  browser,
}) => {
  const subject = `Timetable export fails ${Date.now()}`;

  // --- the customer opens a ticket with an attachment
  const customer = (await signedInContext(browser, 'demo@scmp.test', PASSWORD)).page;
  await customer.goto('/dashboard/support');
  await expect(customer.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  await expect(customer.getByTestId('stat-total-tickets')).toHaveText('2');
  await expect(customer.getByTestId('stat-open-tickets')).toHaveText('2');
  await expect(
    customer.getByRole('main').getByRole('link', { name: /User Guides/ }),
  ).toHaveAttribute('href', '/user-guides');
  await expect(
    customer.getByRole('main').getByRole('link', { name: /Training Videos/ }),
  ).toHaveAttribute('href', '/training-videos');

  await expectAccessible(customer);
  await customer.getByRole('button', { name: 'Submit New Ticket' }).first().click();
  const dialog = customer.getByRole('dialog', { name: 'Submit New Ticket' });
  await expect(dialog.getByText('You can attach up to 5 files, 10MB each.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Organization' })).toBeVisible();
  // Client-side rules show the spec texts.
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  // The demo customer belongs to two organizations: the ticket names one (issue 40).
  await expect(dialog.getByText('Organization is required')).toBeVisible();

  await pickOption(customer, dialog, 'Organization', 'Oakfield Primary School');
  await pickOption(customer, dialog, 'Category', 'Technical');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Description').fill('Exporting the timetable to PDF shows an error.');
  await pickOption(customer, dialog, 'Priority', 'High');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'error-screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('error-screenshot.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();

  const drawer = customer.getByRole('dialog', { name: /^Ticket SUP-\d{6}$/ });
  await expect(drawer).toBeVisible();
  const ticketNumber = ((await drawer.getByRole('heading').first().textContent()) ?? '')
    .replace('Ticket ', '')
    .trim();
  expect(ticketNumber).toMatch(/^SUP-\d{6}$/);
  await expect(drawer.getByRole('heading', { name: subject })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'error-screenshot.png' })).toBeVisible();
  await expect(drawer.getByText('No replies yet.')).toBeVisible();
  await expect(customer.getByTestId('stat-total-tickets')).toHaveText('3');
  await customer.screenshot({ path: 'test-results/support-customer-new-ticket.png' });

  // The attachment downloads with the bearer token.
  const downloadPromise = customer.waitForEvent('download');
  await drawer.getByRole('button', { name: 'error-screenshot.png' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('error-screenshot.png');

  // A customer does not get the staff console.
  await customer.goto('/dashboard/support/staff');
  await expect(customer.getByRole('heading', { name: /page not found/i })).toBeVisible();

  // --- staff answer it in the console and mark it in progress
  const staff = (await signedInContext(browser, 'staff@scmp.test', PASSWORD)).page;
  await staff.goto('/dashboard/support/staff');
  await expect(staff.getByRole('heading', { level: 1, name: 'Staff Console' })).toBeVisible();
  await staff.getByLabel('Search').fill(ticketNumber);
  await expect(staff.getByTestId('queue-row')).toHaveCount(1);
  await staff.getByRole('button', { name: `Open ticket ${ticketNumber}: ${subject}` }).click();
  const panel = staff.getByTestId('staff-ticket-panel');
  await expect(panel.getByText('Dana Whitfield (demo@scmp.test)')).toBeVisible();
  await expect(panel.getByText('Organization: Oakfield Primary School')).toBeVisible();
  await expect(staff.getByTestId('queue-row')).toContainText('(Oakfield Primary School)');
  const send = panel.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await panel.getByLabel('Staff reply').fill('Thanks! We found the cause and are fixing it.');
  await send.click();
  await expect(
    panel.getByTestId('ticket-message').filter({ hasText: 'We found the cause' }),
  ).toHaveAttribute('data-staff-reply', 'true');
  await pickOption(staff, panel, 'Status', 'In progress');
  await panel.getByRole('button', { name: 'Update Status' }).click();
  await expect(panel.getByTestId('ticket-status').first()).toHaveText('In progress');
  await staff.screenshot({ path: 'test-results/support-staff-console.png' });
  await expectAccessible(staff);

  // --- the customer sees the reply styled as staff and replies back
  await customer.goto('/dashboard/support');
  await customer.getByRole('button', { name: `Open ticket ${ticketNumber}: ${subject}` }).click();
  const thread = customer.getByRole('dialog', { name: `Ticket ${ticketNumber}` });
  await expect(thread.getByTestId('ticket-status').first()).toHaveText('In progress');
  const staffMessage = thread
    .getByTestId('ticket-message')
    .filter({ hasText: 'We found the cause' });
  await expect(staffMessage).toHaveAttribute('data-staff-reply', 'true');
  await expect(staffMessage.getByText('Support team')).toBeVisible();
  await expect(staffMessage.getByText('Sam Support')).toBeVisible();
  const reply = thread.getByRole('button', { name: 'Send Message' });
  await expect(reply).toBeDisabled();
  await thread.getByLabel('Your reply').fill('   ');
  await expect(reply).toBeDisabled();
  await thread.getByLabel('Your reply').fill('Great, thank you!');
  await reply.click();
  const ownMessage = thread.getByTestId('ticket-message').filter({ hasText: 'Great, thank you!' });
  await expect(ownMessage).toHaveAttribute('data-staff-reply', 'false');
  const [staffBg, ownBg] = await Promise.all([
    staffMessage.evaluate((el) => getComputedStyle(el).backgroundColor),
    ownMessage.evaluate((el) => getComputedStyle(el).backgroundColor),
  ]);
  expect(staffBg).not.toBe(ownBg);
  await customer.screenshot({ path: 'test-results/support-customer-thread.png' });

  // --- the e-mails are in the outbox (dev mail viewer)
  const mail = await customer.request.get('/dev/mail.json');
  const viewerReady = mail.ok() && (mail.headers()['content-type'] ?? '').includes('json');
  expect(viewerReady).toBe(true);
  await expect
    .poll(async () => {
      const text = await (await customer.request.get('/dev/mail.json')).text();
      return text.includes('demo@scmp.test') && text.includes(`[${ticketNumber}] New reply`);
    })
    .toBe(true);
  const text = await (await customer.request.get('/dev/mail.json')).text();
  expect(text).toContain(`[${ticketNumber}] New ticket`);
  expect(text).toContain(`[${ticketNumber}] Customer reply`);
});
