import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { FRONT_PAGE_TEXTS, PRODUCT } from '@scmp/api/contracts';
import { createHarness, type TestHarness } from '../src/testing/harness';

/**
 * Issue 40 part 1: an instance's portal is the school's own front page (server-rendered from the
 * branding), never SCMP's marketing page; a suspended one answers 503 with its branded page.
 */
let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let counter = 0;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser({ verified: true });
});
afterAll(() => h.close());

/** An active organization with one instance in `status` at main-<slug>.instances.localhost. */
async function school(
  name: string,
  options: { status?: 'active' | 'suspended' | 'provisioning'; customDomain?: string } = {},
) {
  counter += 1;
  const slug = `school-${counter}-${Date.now().toString(36)}`;
  const org = await h.db
    .insertInto('organizations')
    .values({
      owner_id: owner.id,
      name,
      type: 'school',
      description: null,
      subdomain: slug,
      status: 'active',
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  const host = `main-${slug}.instances.localhost`;
  const instance = await h.db
    .insertInto('instances')
    .values({
      organization_id: org.id,
      owner_id: owner.id,
      name: 'Main Site',
      prefix: 'main',
      host,
      status: options.status ?? 'active',
      custom_domain: options.customDomain ?? null,
      custom_domain_status: options.customDomain ? 'verified' : null,
      provisioned_at: null,
      last_health_check: null,
      last_health_status: null,
      terminated_at: null,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  return { org, instance, host, slug };
}

const get = (host: string, url = '/', headers: Record<string, string> = {}) =>
  h.app.inject({ url, headers: { host, ...headers } });

const saveFrontPage = (id: string, frontPage: unknown, extra: Record<string, unknown> = {}) =>
  h.rest('PUT', `/branding/${id}`, {
    body: { front_page: frontPage, ...extra },
    token: owner.token,
  });

/** SCMP's own marketing, prices, sign-up/sign-in and contacts: none may reach a portal. */
const SCMP_TEXTS = [
  'Run your whole setting from one place',
  'Book Demo',
  'Register',
  'Sign in',
  'Start your setup',
  '£',
  'Camp Management Platform',
  'SCMP. All rights reserved',
  PRODUCT.generalEmail,
  PRODUCT.supportEmail,
  PRODUCT.salesEmail,
  PRODUCT.phone,
  'scmp.co.uk',
];

const LINKS = [
  { label: 'Parent sign-in', url: 'https://parents.oakfield.example/login' },
  { label: 'Term dates', url: 'https://oakfield.example/term-dates?year=2026&term=1' },
];

/** Every field of a front page, as saved and as answered back. */
const OAKFIELD_FRONT_PAGE = {
  headline: 'Welcome to Oakfield',
  welcome_text: 'A happy school.\n\nDoors open at 8:30.',
  links: LINKS,
  contact_email: 'office@oakfield.example',
  contact_phone: '+44 20 7946 0000',
  contact_address: '1 School Lane\nOakfield',
  page_title: 'Oakfield Primary – Parents',
};

describe('instance portal front page', () => {
  it('serves the school’s own front page: name, headline, welcome, links, contact; none of SCMP’s', async () => {
    const s = await school('Oakfield Primary');
    const saved = await saveFrontPage(s.instance.uuid, OAKFIELD_FRONT_PAGE);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.front_page).toEqual(OAKFIELD_FRONT_PAGE);

    const res = await get(s.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    for (const piece of [
      '<title>Oakfield Primary – Parents</title>',
      'Oakfield Primary',
      '<h1 id="page-heading">Welcome to Oakfield</h1>',
      '<p>A happy school.</p><p>Doors open at 8:30.</p>',
      '<a class="button" href="https://parents.oakfield.example/login">Parent sign-in</a>',
      'href="https://oakfield.example/term-dates?year=2026&amp;term=1">Term dates</a>',
      '<a href="mailto:office@oakfield.example">office@oakfield.example</a>',
      '<a href="tel:+442079460000">+44 20 7946 0000</a>',
      '1 School Lane<br>Oakfield',
      FRONT_PAGE_TEXTS.poweredBy,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ])
      expect(html).toContain(piece);
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    for (const text of SCMP_TEXTS) expect(html, text).not.toContain(text);
    // No SPA, no script at all.
    expect(html).not.toMatch(/<script|scmp-tenant|\/assets\//i);
    // Its own strict policy: the one style element by hash, nothing inline besides.
    const csp = String(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(
      `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toMatch(/ style="/);
  });

  it('is presentable before anything is edited: the organization’s name as headline and title', async () => {
    const s = await school('Birchwood Camp');
    const res = await get(s.host);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Birchwood Camp</title>');
    expect(res.body).toContain('<h1 id="page-heading">Birchwood Camp</h1>');
    expect(res.body).toContain('<p>Welcome to Birchwood Camp.</p>');
    expect(res.body).toContain(`© ${h.clock.now().getUTCFullYear()} Birchwood Camp`);
    for (const text of SCMP_TEXTS) expect(res.body, text).not.toContain(text);
    // The editor's view shows those defaults.
    const view = await h.rest('GET', `/branding/${s.instance.uuid}`, { token: owner.token });
    expect(view.body.data.front_page).toEqual({
      headline: null,
      welcome_text: null,
      links: [],
      contact_email: null,
      contact_phone: null,
      contact_address: null,
      page_title: null,
    });
    expect(view.body.data.resolved_front_page).toMatchObject({
      headline: 'Birchwood Camp',
      welcome_text: 'Welcome to Birchwood Camp.',
      page_title: 'Birchwood Camp',
    });
    // An organization's branding has no front page.
    const org = await h.rest('GET', `/branding/${s.org.uuid}`, { token: owner.token });
    expect(org.body.data.front_page).toBeNull();
    expect(org.body.data.resolved_front_page).toBeNull();
  });

  it('uses the branding: company name, logo, favicon, colours with readable text', async () => {
    const s = await school('Cedar High');
    await h.db
      .insertInto('brandings')
      .values({
        organization_id: s.org.id,
        company_name: 'Cedar High School',
        primary_color: '#fde047',
        secondary_color: '#1e3a8a',
        logo_path: 'branding-11111111-1111-1111-1111-111111111111.png',
      })
      .execute();
    await h.db
      .insertInto('brandings')
      .values({
        instance_id: s.instance.id,
        favicon_path: 'branding-22222222-2222-2222-2222-222222222222.png',
      })
      .execute();
    // Written behind the API's back: the cache is told as a write through the API would.
    await h.deps.events.publish('branding', '*');
    const html = (await get(s.host)).body;
    expect(html).toContain('<span class="brand-name">Cedar High School</span>');
    expect(html).toContain(
      '<img src="/files/branding/branding-11111111-1111-1111-1111-111111111111.png" alt="">',
    );
    expect(html).toContain(
      '<link rel="icon" href="/files/branding/branding-22222222-2222-2222-2222-222222222222.png">',
    );
    // Light yellow hero: black text; dark blue buttons: white text.
    expect(html).toContain('.hero{background:#fde047;color:#000000;');
    expect(html).toContain('background:#1e3a8a;color:#ffffff;');
  });

  it('escapes hostile content everywhere', async () => {
    const s = await school('Evil <script>alert(1)</script> & "Co"');
    const saved = await saveFrontPage(s.instance.uuid, {
      headline: '<img src=x onerror=alert(1)>',
      welcome_text: '</p><script>alert(2)</script>',
      links: [{ label: '<b>x</b>"', url: 'https://example.org/"><script>alert(3)</script>' }],
      contact_email: 'a&b@example.org',
      contact_phone: '<svg onload=alert(4)>',
      contact_address: '</address><iframe src=//evil>',
      page_title: '</title><script>alert(5)</script>',
    });
    expect(saved.status, saved.text).toBe(200);
    const html = (await get(s.host)).body;
    expect(html).not.toMatch(/<script|<img src=x|<svg|<iframe|<b>/i);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(5)&lt;/script&gt;');
    expect(html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('href="mailto:a&amp;b@example.org"');

    // A stylesheet written behind the API's back (the API would refuse it) cannot close the
    // style element either.
    await h.db
      .updateTable('brandings')
      .set({ custom_css: '.x{color:red}</style><script>alert(6)</script>' })
      .where('instance_id', '=', s.instance.id)
      .execute();
    await h.deps.events.publish('branding', '*');
    const styled = (await get(s.host)).body;
    expect(styled).toContain('.x{color:red}\\3C /style>\\3C script>');
    expect(styled).not.toMatch(/<script/i);
    expect(styled.match(/<\/style>/g)).toHaveLength(1);
    expect(html).toContain(
      'href="https://example.org/&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"',
    );
  });

  it('accepts only https:// links, at most six, with labels; through both doors', async () => {
    const s = await school('Dale Academy');
    const refused: unknown[] = [
      'http://example.org',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//example.org',
      'https://',
      'https://user:pw@example.org/',
      'ftp://example.org',
      '/relative',
      'mailto:a@example.org',
      42,
    ];
    for (const url of refused) {
      const res = await saveFrontPage(s.instance.uuid, { links: [{ label: 'Go', url }] });
      expect(res.status, String(url)).toBe(422);
      expect(res.body.errors['front_page.links.0.url'], String(url)).toEqual([
        FRONT_PAGE_TEXTS.linkUrlHttps,
      ]);
    }
    const blankLabel = await saveFrontPage(s.instance.uuid, {
      links: [{ label: '  ', url: 'https://example.org' }],
    });
    expect(blankLabel.status).toBe(422);
    const seven = Array.from({ length: 7 }, (_, i) => ({
      label: `L${i}`,
      url: `https://example.org/${i}`,
    }));
    const tooMany = await saveFrontPage(s.instance.uuid, { links: seven });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors['front_page.links']).toEqual([FRONT_PAGE_TEXTS.tooManyLinks]);
    const badEmail = await saveFrontPage(s.instance.uuid, { contact_email: 'not-an-email' });
    expect(badEmail.status).toBe(422);

    const trpcRefused = await h.trpc(
      'mutation',
      'branding.updateBranding',
      { id: s.instance.uuid, front_page: { links: [{ label: 'Go', url: 'http://example.org' }] } },
      { token: owner.token },
    );
    expect(trpcRefused.status).toBe(422);
    const trpcSaved = await h.trpc(
      'mutation',
      'branding.updateBranding',
      { id: s.instance.uuid, front_page: { links: seven.slice(0, 6) } },
      { token: owner.token },
    );
    expect(trpcSaved.status, trpcSaved.text).toBe(200);
    expect((await get(s.host)).body).toContain('href="https://example.org/5">L5</a>');
    // Nothing refused was stored.
    expect((await get(s.host)).body).not.toMatch(/http:\/\/example|javascript:|data:text/);

    // Omitted fields keep their value; an empty string clears one.
    await saveFrontPage(s.instance.uuid, { headline: 'Hello' });
    await saveFrontPage(s.instance.uuid, { page_title: 'Dale' });
    const view = await h.rest('GET', `/branding/${s.instance.uuid}`, { token: owner.token });
    expect(view.body.data.front_page).toMatchObject({ headline: 'Hello', page_title: 'Dale' });
    expect(view.body.data.front_page.links).toHaveLength(6);
    await saveFrontPage(s.instance.uuid, { headline: '' });
    const cleared = await h.rest('GET', `/branding/${s.instance.uuid}`, { token: owner.token });
    expect(cleared.body.data.front_page.headline).toBeNull();
    expect(cleared.body.data.resolved_front_page.headline).toBe('Dale Academy');

    // The organization's branding has no front page to set.
    const onOrg = await saveFrontPage(s.org.uuid, { headline: 'x' });
    expect(onOrg.status).toBe(422);
    expect(onOrg.body.errors.front_page).toEqual([FRONT_PAGE_TEXTS.organizationOnly]);
  });

  it('answers 503 with the school’s branded page while suspended, and serves again on resume', async () => {
    const s = await school('Elm Nursery');
    await saveFrontPage(s.instance.uuid, { contact_email: 'hello@elm.example', links: LINKS });
    expect((await get(s.host)).statusCode).toBe(200);
    const suspended = await h.rest('PATCH', `/instances/${s.instance.uuid}/status`, {
      body: { action: 'suspend' },
      token: owner.token,
    });
    expect(suspended.status, suspended.text).toBe(200);
    for (const url of ['/', '/any/page']) {
      const res = await get(s.host, url);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<h1 id="page-heading">${FRONT_PAGE_TEXTS.unavailableTitle}</h1>`);
      expect(res.body).toContain('Elm Nursery');
      expect(res.body).toContain('hello@elm.example');
      expect(res.body).not.toContain('Parent sign-in');
      for (const text of SCMP_TEXTS) expect(res.body, text).not.toContain(text);
    }
    await h.rest('PATCH', `/instances/${s.instance.uuid}/status`, {
      body: { action: 'resume' },
      token: owner.token,
    });
    const resumed = await get(s.host);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body).toContain('Parent sign-in');
  });

  it('answers 503 "not available yet" while being set up, a branded 404 for other pages', async () => {
    const s = await school('Fir School', { status: 'provisioning' });
    const setup = await get(s.host);
    expect(setup.statusCode).toBe(503);
    expect(setup.body).toContain(FRONT_PAGE_TEXTS.notReadyTitle);
    expect(setup.body).toContain('Fir School');

    const live = await school('Gorse School');
    const missing = await get(live.host, '/register');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(FRONT_PAGE_TEXTS.pageNotFoundTitle);
    expect(missing.body).toContain('Gorse School');
    expect(missing.body).toContain(`<a class="button" href="/">${FRONT_PAGE_TEXTS.backHome}</a>`);
    // The API and health check keep working on the portal's host.
    expect((await get(live.host, '/api/v1/health')).statusCode).toBe(200);
    expect((await get(live.host, '/healthz')).json()).toMatchObject({ status: 'ok' });
  });

  it('serves the same pages on a verified custom domain', async () => {
    const domain = `portal-${Date.now().toString(36)}.hazel.example`;
    const s = await school('Hazel College', { customDomain: domain });
    await saveFrontPage(s.instance.uuid, { headline: 'Hazel welcomes you', links: LINKS });
    const viaHost = await get(s.host);
    const viaDomain = await get(domain);
    expect(viaDomain.statusCode).toBe(200);
    expect(viaDomain.body).toBe(viaHost.body);
    expect(viaDomain.body).toContain('Hazel welcomes you');
    await h.rest('PATCH', `/instances/${s.instance.uuid}/status`, {
      body: { action: 'suspend' },
      token: owner.token,
    });
    const down = await get(domain);
    expect(down.statusCode).toBe(503);
    expect(down.body).toContain('Hazel College');
  });

  it('tags the page: 304 to its ETag, compressed when asked, a new tag after an edit', async () => {
    const s = await school('Ivy School');
    const first = await get(s.host);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(s.host, '/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzip = await get(s.host, '/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);

    await saveFrontPage(s.instance.uuid, { headline: 'Ivy, edited' });
    const edited = await get(s.host, '/', { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toContain('Ivy, edited');
    expect(edited.headers.etag).not.toBe(etag);
  });
});
