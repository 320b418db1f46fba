import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FRONT_PAGE_TEXTS } from '@scmp/api/contracts';
import { h, owner, usePortalFixtures } from './portal/fixtures';

/**
 * Issue 40 part 1: saving an instance portal's front page (links), and how it is served: 503 while
 * suspended or being set up, a branded 404, custom domains, ETags and compression.
 */
const { school, get, saveFrontPage, SCMP_TEXTS, LINKS } = usePortalFixtures();

describe('instance portal front page', () => {
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
