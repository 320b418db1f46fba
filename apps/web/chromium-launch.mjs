// How the browser tests (playwright.config.ts) and `npm run bench:web` (scripts/bench-web.mjs)
// launch Chromium: Debian's build (`npx playwright install` cannot download here), without the
// background traffic that would blur a measurement.
/** @type {import('@playwright/test').LaunchOptions} */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
