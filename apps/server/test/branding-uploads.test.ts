import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@scmp/api/contracts';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { ICO, PNG, SVG, brandingHelpers } from '../src/testing/branding-helpers';

let h: TestHarness;
const { multipart, upload, fetchFile, createOrg, setup } = brandingHelpers(() => h);
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('uploads', () => {
  it('stores a logo under a generated name and serves it safely; replacing removes the old file', async () => {
    const { user, org } = await setup();
    const first = await upload(user.token, org.uuid, 'logo', PNG, '../../evil name.png');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Logo uploaded successfully.');
    const url = first.body.data.logo_url as string;
    expect(url).toMatch(/^\/files\/branding\/branding-[0-9a-f-]{36}\.png$/);
    const served = await fetchFile(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.raw, PNG)).toBe(0);

    const second = await upload(user.token, org.uuid, 'logo', PNG);
    expect(second.status).toBe(200);
    expect(second.body.data.logo_url).not.toBe(url);
    expect((await fetchFile(url)).status).toBe(404);
    expect(await h.deps.storage.get(url.split('/').pop()!)).toBeNull();

    const del = await h.rest('DELETE', `/branding/${org.uuid}/logo`, { token: user.token });
    expect(del.status).toBe(200);
    expect(del.body.data.logo_url).toBeNull();
    expect((await fetchFile(second.body.data.logo_url)).status).toBe(404);
  });

  it('accepts favicons as ICO or PNG and deletes them', async () => {
    const { user, org } = await setup();
    const ico = await upload(user.token, org.uuid, 'favicon', ICO, 'favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.body.data.favicon_url).toMatch(/\.ico$/);
    const served = await fetchFile(ico.body.data.favicon_url);
    expect(served.headers['content-type']).toBe('image/x-icon');
    const png = await upload(user.token, org.uuid, 'favicon', PNG);
    expect(png.status).toBe(200);
    expect((await fetchFile(ico.body.data.favicon_url)).status).toBe(404);
    const del = await h.rest('DELETE', `/branding/${org.uuid}/favicon`, { token: user.token });
    expect(del.status).toBe(200);
    expect(del.body.data.favicon_url).toBeNull();
    // Deleting again is harmless.
    expect(
      (await h.rest('DELETE', `/branding/${org.uuid}/favicon`, { token: user.token })).status,
    ).toBe(200);
  });

  it('takes files of exactly the limit and refuses one byte over with 413 naming the limit', async () => {
    const { user, org } = await setup();
    const pad = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)]);
    expect((await upload(user.token, org.uuid, 'logo', pad(2 * 1024 * 1024))).status).toBe(200);
    const overLogo = await upload(user.token, org.uuid, 'logo', pad(2 * 1024 * 1024 + 1));
    expect(overLogo.status).toBe(413);
    expect(overLogo.body.message).toBe('The logo must be 2MB or smaller.');
    expect((await upload(user.token, org.uuid, 'favicon', pad(1024 * 1024))).status).toBe(200);
    const overFav = await upload(user.token, org.uuid, 'favicon', pad(1024 * 1024 + 1));
    expect(overFav.status).toBe(413);
    expect(overFav.body.message).toBe('The favicon must be 1MB or smaller.');
  });

  it('refuses the wrong types with 415 naming the allowed types (type from the bytes)', async () => {
    const { user, org } = await setup();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const fake = await upload(user.token, org.uuid, 'logo', html, 'logo.png');
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('The logo must be a PNG, JPG or SVG image.');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(user.token, org.uuid, 'logo', gif, 'logo.png')).status).toBe(415);
    const svgFav = await upload(user.token, org.uuid, 'favicon', SVG, 'favicon.png');
    expect(svgFav.status).toBe(415);
    expect(svgFav.body.message).toBe('The favicon must be an ICO or PNG image.');
    const row = await h.db
      .selectFrom('brandings')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirst();
    expect(row?.logo_path ?? null).toBeNull();
  });

  it('serves a PNG with HTML appended as image/png with nosniff', async () => {
    const { user, org } = await setup();
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(user.token, org.uuid, 'logo', polyglot, 'logo.html');
    expect(res.status).toBe(200);
    const served = await fetchFile(res.body.data.logo_url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores a hostile SVG without any of its active content', async () => {
    const { user, org } = await setup();
    const hostile = Buffer.from(
      `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" onload="alert('onload')">
  <script>alert('script')</script>
  <script xlink:href="https://evil.test/x.js"/>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></body></foreignObject>
  <a xlink:href="javascript:alert('xlink')"><rect width="5" height="5" fill="#00f" onclick="alert('click')"/></a>
  <a href="javascript:alert('href')"><circle r="2"/></a>
  <image href="https://evil.test/track.png" width="5" height="5"/>
  <image xlink:href="http://evil.test/track2.png" width="5" height="5"/>
  <rect style="fill:url(https://evil.test/f)" width="1" height="1"/>
  <style>@import url(https://evil.test/s.css);</style>
  <linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>
  <rect width="3" height="3" fill="url(#g)"/>
</svg>`,
    );
    const res = await upload(user.token, org.uuid, 'logo', hostile, 'logo.svg');
    expect(res.status).toBe(200);
    const url = res.body.data.logo_url as string;
    expect(url).toMatch(/\.svg$/);
    const served = await fetchFile(url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const text = served.raw.toString('utf8');
    expect(text).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('fill="url(#g)"');
    expect(text).not.toMatch(/script/i);
    expect(text).not.toMatch(/\bon[a-z]+=/i);
    expect(text).not.toMatch(/foreignObject/i);
    expect(text).not.toMatch(/javascript:/i);
    expect(text).not.toMatch(/evil\.test/i);
    expect(text).not.toMatch(/iframe/i);
  });

  it('answers 400 to truncated or malformed multipart bodies and keeps answering', async () => {
    const { user, org } = await setup();
    const { body, headers } = multipart([{ name: 'logo', filename: 'l.png', bytes: PNG }]);
    const truncated = body.subarray(0, body.length - 30);
    const res = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      body: truncated,
      headers,
      token: user.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const noBoundary = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      body: Buffer.from('garbage'),
      headers: { 'content-type': 'multipart/form-data' },
      token: user.token,
    });
    expect([400, 415]).toContain(noBoundary.status);
    const wrongField = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      ...multipart([{ name: 'favicon', filename: 'l.png', bytes: PNG }]),
      token: user.token,
    });
    expect(wrongField.status).toBe(422);
    const empty = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      ...multipart([{ name: 'note', value: 'x' }]),
      token: user.token,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Choose a logo file to upload in the field "logo".');
    // Still answering.
    expect((await h.rest('GET', `/branding/${org.uuid}`, { token: user.token })).status).toBe(200);
    expect((await upload(user.token, org.uuid, 'logo', PNG)).status).toBe(200);
  });

  it('404s unknown or unsafe file names', async () => {
    expect((await fetchFile('/files/branding/nope.png')).status).toBe(404);
    expect((await fetchFile('/files/branding/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect(
      (await fetchFile('/files/branding/branding-123e4567-e89b-42d3-a456-426614174000.png')).status,
    ).toBe(404);
  });
});

describe('public branding cache', () => {
  it('is invalidated at once on save, upload and delete', async () => {
    const user = await h.createUser();
    const slug = `cachetest${Date.now()}`;
    const org = await createOrg(user.id, slug);
    const publicBranding = async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/v1/public/tenant/${slug}/branding`,
      });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as { data: { branding: Record<string, string> } };
      return body.data.branding;
    };
    const before = await publicBranding();
    expect(before.company_name).toBe(DEFAULT_BRANDING.company_name);
    await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: { company_name: 'Fresh Name', primary_color: '#abcdef' },
    });
    const after = await publicBranding();
    expect(after.company_name).toBe('Fresh Name');
    expect(after.primary_color).toBe('#abcdef');
    const up = await upload(user.token, org.uuid, 'logo', PNG);
    expect((await publicBranding()).logo_url).toBe(up.body.data.logo_url);
    await h.rest('DELETE', `/branding/${org.uuid}/logo`, { token: user.token });
    expect((await publicBranding()).logo_url).toBe('');
  });
});

describe('REST door documentation', () => {
  it('documents the uploads as multipart and refuses JSON bodies with 415', async () => {
    const doc = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = (JSON.parse(doc.body) as { paths: Record<string, Record<string, any>> }).paths; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const kind of ['logo', 'favicon']) {
      const op = paths[`/branding/{id}/${kind}`]!;
      expect(
        op.post.requestBody.content['multipart/form-data'].schema.properties[kind],
      ).toMatchObject({ type: 'string', format: 'binary' });
      expect(op.delete).toBeTruthy();
    }
    expect(paths['/branding/{id}']!.get).toBeTruthy();
    expect(paths['/branding/{id}']!.put).toBeTruthy();
    const { user, org } = await setup();
    const res = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      token: user.token,
      body: { logo: 'x' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Send the logo as multipart/form-data in the field "logo".');
  });
});
