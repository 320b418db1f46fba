import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { FRONT_PAGE_TEXTS } from '@scmp/api/contracts';
import { h, owner, usePortalFixtures } from './portal/fixtures';

/**
 * Issue 40 part 1: an instance's portal is the school's own front page (server-rendered from the
 * branding), never SCMP's marketing page: its content, defaults, branding and escaping.
 */
const { school, get, saveFrontPage, SCMP_TEXTS, OAKFIELD_FRONT_PAGE } = usePortalFixtures();

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
});
