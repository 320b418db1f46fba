import { expect, test } from '@playwright/test';
import { consentToEssentialCookies } from './fixtures/cookie-consent';

/**
 * The public help centre (user guides, training videos) and the contact page; the other public
 * pages: public-site.spec.ts.
 */

/** The cookie banner sits at the bottom of every page: consent up front so it never covers a control. */
test.beforeEach(({ page }) => consentToEssentialCookies(page));

test('user guides: grouped, searchable, at most 3 topics, empty result', async ({ page }) => {
  await page.goto('/user-guides');
  for (const id of ['getting-started', 'administration', 'academic-management', 'compliance']) {
    await expect(page.getByTestId(`guide-category-${id}`)).toBeVisible();
  }
  const topicsCounts = await page
    .getByTestId('guide-topics')
    .evaluateAll((els) => els.map((el) => el.children.length));
  expect(Math.max(...topicsCounts)).toBeLessThanOrEqual(3);
  expect(topicsCounts.length).toBeGreaterThan(0);

  const search = page.getByRole('searchbox', { name: 'Search guides' });
  await search.fill('RIDDOR'); // a topic only, upper case
  await expect(page.getByTestId('guide-tile')).toHaveCount(1);
  await expect(page.getByTestId('guide-tile')).toContainText('Logging accidents and incidents');
  await expect(page.getByTestId('guide-category-getting-started')).toHaveCount(0);

  await search.fill('logo'); // description or topic, any case
  await expect(page.getByTestId('guide-tile').first()).toContainText(
    'Applying your logo and colours',
  );

  await search.fill('quidditch');
  await expect(page.getByTestId('guide-tile')).toHaveCount(0);
  await expect(page.getByTestId('guides-empty')).toContainText('No guides match your search');
});

test('training videos: search, level filter, markers, at most 2 topics', async ({ page }) => {
  await page.goto('/training-videos');
  await expect(page.getByTestId('featured-badge').first()).toBeVisible();
  await expect(page.getByTestId('new-badge').first()).toBeVisible();
  const counts = await page
    .getByTestId('video-topics')
    .evaluateAll((els) => els.map((el) => el.children.length));
  expect(Math.max(...counts)).toBeLessThanOrEqual(2);

  const results = page.getByTestId('video-results').getByTestId('video-tile');
  await expect(results).toHaveCount(12);
  const levels = page.getByRole('radiogroup', { name: 'Level' });
  await levels.getByText('Advanced', { exact: true }).click();
  await expect(results).toHaveCount(3);
  await expect(
    page.getByTestId('video-results').getByText('Beginner', { exact: true }),
  ).toHaveCount(0);

  await levels.getByText('All levels', { exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search videos' });
  await search.fill('INVOICES');
  await expect(results).toHaveCount(1);
  await expect(results).toContainText('Fees, invoices and payments');
  await levels.getByText('Beginner', { exact: true }).click();
  await expect(page.getByTestId('videos-empty')).toContainText('No videos match your search');
});

test('video favourites last for the session only', async ({ page, browser }) => {
  await page.goto('/training-videos');
  await page
    .getByRole('button', { name: 'Add Taking registers in under a minute to favourites' })
    .click();
  await expect(
    page.getByRole('button', { name: 'Remove Taking registers in under a minute from favourites' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Remove Taking registers in under a minute from favourites' }),
  ).toBeVisible();
  await expect(page.getByText('Favourites (1)')).toBeVisible();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/training-videos');
  await expect(
    other.getByRole('button', { name: 'Add Taking registers in under a minute to favourites' }),
  ).toBeVisible();
  await expect(other.getByText('Favourites (0)')).toBeVisible();
  await fresh.close();
});

test('contact page: addresses, validation and sending a message', async ({ page, request }) => {
  await page.goto('/contact');
  const main = page.locator('main');
  for (const address of ['sales@scmp.co.uk', 'support@scmp.co.uk', 'hello@scmp.co.uk']) {
    await expect(main.locator(`a[href="mailto:${address}"]`)).toBeVisible();
  }
  await expect(main.locator('a[href^="tel:"]')).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please choose what your message is about')).toBeVisible();

  const unique = `e2e-${Date.now()}@example.org`;
  await page.getByLabel('Your name').fill('Sam Okafor');
  await page.getByLabel('Email address').fill(unique);
  await page.getByLabel('School, nursery or organisation').fill('Riverside Holiday Camps');
  await page.getByRole('combobox', { name: 'What is your message about?' }).click();
  await page.getByRole('option', { name: 'Book a demo' }).click();
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('We run three camp sites each summer. Could we see a demo in March?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for getting in touch');

  const mail = await request.get('/dev/mail.json');
  expect(mail.ok()).toBe(true);
  const messages = (await mail.json()) as { to: string; subject: string; text: string }[];
  const toSales = messages.find(
    (m) => m.to === 'sales@scmp.co.uk' && m.subject.includes('Riverside Holiday Camps'),
  );
  expect(toSales?.subject).toContain('Book a demo');
  expect(toSales?.text).toContain(unique);
  expect(toSales?.text).toContain('three camp sites');
  expect(messages.some((m) => m.to === unique)).toBe(true);
});
