/**
 * Answers that depend on the caller are never stored (issue 39): every operation of the OpenAPI
 * document that declares security answers with `Cache-Control: no-store` through the REST door
 * (successes and refusals alike), and so does the tRPC door; the public cached answers keep their
 * caching (tenant branding with its ETag, uploaded files, the web app's assets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { multipartBody, TINY_PNG } from '../../src/testing/security-fixtures';
import { loadOperations, sampleFor, type Operation } from './openapi-tools';

let h: TestHarness;
let ops: Operation[];
beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
});
afterAll(() => h?.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

function requestFor(op: Operation) {
  const path = op.path.replace(/\{(\w+)\}/g, () => SAMPLE_ID);
  const query: Record<string, string> = {};
  for (const param of op.queryParams) {
    if (param.required) query[param.name as string] = String(sampleFor(param.schema, param.name));
  }
  const body =
    op.method === 'GET' || op.method === 'DELETE'
      ? undefined
      : op.bodySchema
        ? sampleFor(op.bodySchema)
        : undefined;
  return { path, query, body };
}

describe('Cache-Control: no-store on caller-dependent answers', () => {
  it('every secured operation of the document answers no-store through the REST door', async () => {
    const secured = ops.filter((op) => op.secured);
    expect(secured.length).toBeGreaterThan(50);
    const missing: string[] = [];
    const unauthenticated: string[] = [];
    for (const op of secured) {
      // A fresh caller each time: some operations end the session (logout, account deletion).
      const caller = await h.createUser({ verified: true });
      const { path, query, body } = requestFor(op);
      const res = await h.rest(op.method as 'GET', path, { token: caller.token, query, body });
      if (res.status === 401) unauthenticated.push(`${op.key} → 401 ${res.text.slice(0, 120)}`);
      if (res.headers['cache-control'] !== 'no-store') {
        missing.push(
          `${op.key} → ${res.status} cache-control: ${String(res.headers['cache-control'])}`,
        );
      }
      // Without a caller the refusal is not stored either.
      const anonymous = await h.rest(op.method as 'GET', path, { query, body });
      if (anonymous.headers['cache-control'] !== 'no-store') {
        missing.push(`${op.key} (anonymous) → ${anonymous.status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(unauthenticated).toEqual([]);
  }, 240_000);

  it('real answers with the caller’s data carry it (REST)', async () => {
    const caller = await h.createUser({ verified: true });
    const org = await h.rest('POST', '/organizations', {
      token: caller.token,
      body: { name: 'Cached Nowhere', type: 'school' },
    });
    expect(org.status).toBe(201);
    expect(org.headers['cache-control']).toBe('no-store');
    for (const path of ['/organizations', '/profile', `/organizations/${org.body.data.uuid}`]) {
      const res = await h.rest('GET', path, { token: caller.token });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('the tRPC door answers no-store, for single calls, batches and errors', async () => {
    const caller = await h.createUser({ verified: true });
    const me = await h.trpc('query', 'auth.me', undefined, { token: caller.token });
    expect(me.status, me.text).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await h.trpc('query', 'organizations.list', undefined, { token: caller.token });
    expect(list.headers['cache-control']).toBe('no-store');
    const created = await h.trpc(
      'mutation',
      'organizations.create',
      { name: 'Via tRPC', type: 'school' },
      { token: caller.token },
    );
    expect(created.headers['cache-control']).toBe('no-store');
    const refused = await h.trpc('query', 'auth.me');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const batch = await h.app.inject({
      method: 'GET',
      url: '/trpc/auth.me,organizations.list?batch=1&input=%7B%7D',
      headers: { authorization: `Bearer ${caller.token}` },
    });
    expect(JSON.parse(batch.body)).toHaveLength(2);
    expect(batch.headers['cache-control']).toBe('no-store');
  });

  it('upload routes and file downloads that need a caller answer no-store', async () => {
    const caller = await h.createUser({ verified: true });
    const { body, headers } = multipartBody([
      { name: 'avatar', filename: 'me.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const avatar = await h.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: { authorization: `Bearer ${caller.token}`, ...headers },
      payload: body,
    });
    expect(avatar.headers['cache-control']).toBe('no-store');
    const org = await h.rest('POST', '/organizations', {
      token: caller.token,
      body: { name: 'Upload Org', type: 'school' },
    });
    const logo = multipartBody([
      { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const uploaded = await h.app.inject({
      method: 'POST',
      url: `/api/v1/branding/${org.body.data.uuid}/logo`,
      headers: { authorization: `Bearer ${caller.token}`, ...logo.headers },
      payload: logo.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const ticket = multipartBody([
      { name: 'subject', value: 'Cache' },
      { name: 'description', value: 'No store' },
      { name: 'category', value: 'general' },
      { name: 'organization_uuid', value: org.body.data.uuid as string },
      { name: 'attachments[0]', filename: 'a.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const opened = await h.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { authorization: `Bearer ${caller.token}`, ...ticket.headers },
      payload: ticket.body,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.headers['cache-control']).toBe('no-store');
    const download = await h.app.inject({
      method: 'GET',
      url: JSON.parse(opened.body).data.attachments[0].url,
      headers: { authorization: `Bearer ${caller.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toMatch(/\bno-store\b/);
    const exported = await h.app.inject({
      method: 'GET',
      url: '/api/v1/activity/export',
      headers: { authorization: `Bearer ${caller.token}` },
    });
    expect(exported.headers['cache-control']).toMatch(/\bno-store\b/);

    // The uploaded logo itself is a public, immutable file: still cached.
    const file = await h.app.inject({
      method: 'GET',
      url: JSON.parse(uploaded.body).data.logo_url,
    });
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('public answers keep their caching: tenant branding (ETag), site config, the document', async () => {
    const caller = await h.createUser({ verified: true });
    const org = await h.rest('POST', '/organizations', {
      token: caller.token,
      body: { name: 'Public Face', type: 'school', subdomain: 'public-face' },
    });
    expect(org.status, org.text).toBe(201);
    // Shown publicly once active (a subscription makes it so).
    await h.db
      .updateTable('organizations')
      .set({ status: 'active' })
      .where('uuid', '=', org.body.data.uuid)
      .execute();
    const branding = await h.rest('GET', '/public/tenant/public-face/branding');
    expect(branding.status).toBe(200);
    expect(branding.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(branding.headers.etag).toBeTruthy();
    const config = await h.rest('GET', '/public/site-config');
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBeUndefined();
    const document = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(document.headers['cache-control']).not.toBe('no-store');
  });
});
