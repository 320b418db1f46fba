import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationClosure } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { organizationId } from '../src/testing/organization-rows';
import { insertLiveSubscription } from '../src/testing/billing-fixtures';

let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let other: Awaited<ReturnType<TestHarness['createUser']>>;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser();
  other = await h.createUser();
});
afterAll(() => h.close());

const create = (body: Record<string, unknown>, token = owner.token) =>
  h.rest('POST', '/organizations', { body, token });

describe('creating organizations', () => {
  it('creates one with the documented fields (201) and lists it', async () => {
    const res = await create({
      name: 'Riverside Academy',
      type: 'school',
      description: 'Secondary school',
      subdomain: 'Riverside-Academy',
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const org = res.body.data;
    expect(org).toMatchObject({
      name: 'Riverside Academy',
      type: 'school',
      description: 'Secondary school',
      subdomain: 'riverside-academy',
      status: 'pending',
      location_count: 0,
      instance_count: 0,
    });
    expect(org.id).toBe(org.uuid);
    expect(org.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(org.created_at).toString()).not.toBe('Invalid Date');

    const list = await h.rest('GET', '/organizations', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { uuid: string }) => o.uuid)).toContain(org.uuid);
    const got = await h.rest('GET', `/organizations/${org.uuid}`, { token: owner.token });
    expect(got.body.data).toEqual(org);
  });

  it('answers every validation text of the create form', async () => {
    const noName = await create({ name: '  ', type: 'school' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toEqual(['Organization name is required']);
    const missingName = await create({ type: 'school' });
    expect(missingName.body.errors.name).toEqual(['Organization name is required']);
    const noType = await create({ name: 'X School' });
    expect(noType.status).toBe(422);
    expect(noType.body.errors.type).toEqual(['Organization type is required']);
    const badType = await create({ name: 'X School', type: 'castle' });
    expect(badType.body.errors.type).toEqual(['Organization type is required']);
    const chars = await create({ name: 'X School', type: 'camp', subdomain: 'has space' });
    expect(chars.status).toBe(422);
    expect(chars.body.errors.subdomain).toEqual(['Only letters, numbers, and hyphens allowed']);
  });

  it('applies the tenant subdomain rules with their texts', async () => {
    const cases: Array<[string, string]> = [
      ['ab', 'Subdomain must be at least 3 characters'],
      ['a'.repeat(63), 'Subdomain must be less than 63 characters'],
      ['-abc', 'Subdomain cannot start or end with a hyphen'],
      ['abc-', 'Subdomain cannot start or end with a hyphen'],
      ['www', 'This subdomain is reserved'],
      ['API', 'This subdomain is reserved'],
      ['admin', 'This subdomain is reserved'],
      ['mail', 'This subdomain is reserved'],
      ['ftp', 'This subdomain is reserved'],
      ['blog', 'This subdomain is reserved'],
    ];
    for (const [subdomain, text] of cases) {
      const res = await create({ name: 'Rules School', type: 'school', subdomain });
      expect(res.status, subdomain).toBe(422);
      expect(res.body.message, subdomain).toBe(text);
      expect(res.body.errors.subdomain, subdomain).toEqual([text]);
    }
    const longest = await create({
      name: 'Rules School',
      type: 'school',
      subdomain: 'b'.repeat(62),
    });
    expect(longest.status).toBe(201);
  });

  it('generates a unique subdomain from the name when it is left empty', async () => {
    const a = await create({
      name: 'St. Mary’s Nursery & Pre-School!',
      type: 'school',
      subdomain: '',
    });
    expect(a.status).toBe(201);
    expect(a.body.data.subdomain).toBe('st-mary-s-nursery-pre-school');
    const b = await create({ name: 'St Mary s Nursery Pre School', type: 'school' });
    expect(b.body.data.subdomain).toBe('st-mary-s-nursery-pre-school-2');
    const reserved = await create({ name: 'Blog', type: 'other' });
    expect(reserved.status).toBe(201);
    expect(reserved.body.data.subdomain).not.toBe('blog');
    const short = await create({ name: 'Z', type: 'other' });
    expect(short.body.data.subdomain.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a taken subdomain with 409, and lets exactly one of two concurrent creates win', async () => {
    await create({ name: 'First', type: 'camp', subdomain: 'taken-one' });
    const again = await create(
      { name: 'Second', type: 'camp', subdomain: 'taken-one' },
      other.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This subdomain is already taken');

    const results = await Promise.all([
      create({ name: 'Race A', type: 'camp', subdomain: 'race-slug' }),
      create({ name: 'Race B', type: 'camp', subdomain: 'race-slug' }, other.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await h.db
      .selectFrom('organizations')
      .select('id')
      .where('subdomain', '=', 'race-slug')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('requires a verified e-mail to create', async () => {
    const unverified = await h.createUser({ verified: false });
    const res = await create({ name: 'Nope', type: 'school' }, unverified.token);
    expect(res.status).toBe(403);
    expect(res.body.email_verification_required).toBe(true);
  });

  it('requires sign-in to list (without public=true)', async () => {
    const res = await h.rest('GET', '/organizations');
    expect(res.status).toBe(401);
  });
});

describe('check-subdomain', () => {
  it('answers availability with a reason, and counts the own current slug as available', async () => {
    const org = (await create({ name: 'Check School', type: 'school', subdomain: 'check-school' }))
      .body.data;
    const free = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'Totally-Free-Slug' },
      token: owner.token,
    });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      success: true,
      message: 'Subdomain is available',
      data: { available: true },
    });
    const taken = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school' },
      token: other.token,
    });
    expect(taken.body.data).toEqual({ available: false });
    expect(taken.body.message).toBe('This subdomain is already taken');
    const own = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school', organization_uuid: org.uuid },
      token: owner.token,
    });
    expect(own.body.data).toEqual({ available: true });
    const reserved = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'www' },
      token: owner.token,
    });
    expect(reserved.body).toMatchObject({
      data: { available: false },
      message: 'This subdomain is reserved',
    });
    const foreign = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school', organization_uuid: org.uuid },
      token: other.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('is throttled at 30 per minute per user', async () => {
    const user = await h.createUser();
    for (let i = 0; i < 30; i += 1) {
      const res = await h.rest('POST', '/organizations/check-subdomain', {
        body: { subdomain: `slug-${i}` },
        token: user.token,
      });
      expect(res.status).toBe(200);
    }
    const over = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'slug-over' },
      token: user.token,
    });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    h.clock.advance(61_000);
    const later = await h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'slug-later' },
      token: user.token,
    });
    expect(later.status).toBe(200);
  });
});

describe('editing and deleting', () => {
  it('updates with the edit texts and keeps the subdomain when none is sent', async () => {
    const org = (await create({ name: 'Edit Me', type: 'school', subdomain: 'edit-me' })).body.data;
    const bad = await h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: '', type: '' },
      token: owner.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toEqual(['Organisation name is required']);
    expect(bad.body.errors.type).toEqual(['Organisation type is required']);
    const res = await h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Edited', type: 'camp', description: 'Now a camp' },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Edited',
      type: 'camp',
      description: 'Now a camp',
      subdomain: 'edit-me',
    });
    const renamed = await h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Edited', type: 'camp', subdomain: 'Edited-Slug' },
      token: owner.token,
    });
    expect(renamed.body.data.subdomain).toBe('edited-slug');
    const events = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('user_id', '=', owner.id)
      .execute();
    const actions = events.map((e) => e.action);
    expect(actions).toContain('organization.created');
    expect(actions).toContain('organization.updated');
    expect(actions).toContain('organization.subdomain_changed');
  });

  it('answers 404 for another user on every route and changes nothing', async () => {
    const org = (await create({ name: 'Private', type: 'other', subdomain: 'private-org' })).body
      .data;
    const t = other.token;
    expect((await h.rest('GET', `/organizations/${org.uuid}`, { token: t })).status).toBe(404);
    const put = await h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Hijacked', type: 'camp', subdomain: 'hijacked' },
      token: t,
    });
    expect(put.status).toBe(404);
    expect((await h.rest('DELETE', `/organizations/${org.uuid}`, { token: t })).status).toBe(404);
    expect(
      (await h.rest('GET', '/instances', { query: { organization_id: org.uuid }, token: t }))
        .status,
    ).toBe(404);
    const list = await h.rest('GET', '/organizations', { token: t });
    expect(list.body.data.map((o: { uuid: string }) => o.uuid)).not.toContain(org.uuid);
    const after = await h.rest('GET', `/organizations/${org.uuid}`, { token: owner.token });
    expect(after.body.data).toEqual(org);
    // tRPC door too
    const trpc = await h.trpc('query', 'organizations.get', { id: org.uuid }, { token: t });
    expect(trpc.status).toBe(404);
  });

  it('answers 404 (not 500) for ids that are not uuids', async () => {
    for (const id of ['123', 'not-a-uuid', "1' or 1=1"]) {
      const res = await h.rest('GET', `/organizations/${encodeURIComponent(id)}`, {
        token: owner.token,
      });
      expect(res.status, id).toBe(404);
    }
  });

  it('closes the organization at once (even with a live subscription) and purges its instances, branding rows and files on day 60', async () => {
    const org = (await create({ name: 'Doomed', type: 'school', subdomain: 'doomed' })).body.data;
    const row = { id: await organizationId(h.db, org.uuid) };
    await insertLiveSubscription(h, org.uuid);
    const inst = await h.rest('POST', '/instances', {
      body: { organization_uuid: org.uuid, name: 'Main' },
      token: owner.token,
    });
    expect(inst.status).toBe(201);
    await h.deps.storage.put('branding/doomed-logo.png', Buffer.from('png'));
    await h.db
      .insertInto('brandings')
      .values({
        organization_id: row.id,
        instance_id: null,
        company_name: 'Doomed',
        tagline: null,
        primary_color: null,
        secondary_color: null,
        accent_color: null,
        nav_text_color: null,
        nav_text_hover_color: null,
        nav_background_color: null,
        footer_text: null,
        email_template_header: null,
        email_template_footer: null,
        custom_css: null,
        logo_path: 'branding/doomed-logo.png',
        favicon_path: null,
      })
      .execute();
    const res = await h.rest('DELETE', `/organizations/${org.uuid}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.status).toBe('closing');
    // Day 60: the purge (its own `now`, so the test's sessions stay fresh).
    await organizationClosure.purgeClosedOrganizations(
      h.deps,
      new Date(h.clock.now().getTime() + 60 * 86_400_000),
    );
    expect((await h.rest('GET', `/organizations/${org.uuid}`, { token: owner.token })).status).toBe(
      404,
    );
    expect(
      await h.db
        .selectFrom('instances')
        .select('id')
        .where('organization_id', '=', row.id)
        .execute(),
    ).toHaveLength(0);
    expect(
      await h.db
        .selectFrom('brandings')
        .select('id')
        .where('organization_id', '=', row.id)
        .execute(),
    ).toHaveLength(0);
    expect(await h.deps.storage.get('branding/doomed-logo.png')).toBeNull();
  });
});

describe('the public fallback lookup', () => {
  it('answers active organizations on a subdomain with public fields only, without sign-in', async () => {
    const org = (
      await create({ name: 'Public School', type: 'school', subdomain: 'public-school' })
    ).body.data;
    const pending = await h.rest('GET', '/organizations', {
      query: { subdomain: 'public-school', public: 'true' },
    });
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual([]);
    await h.db
      .updateTable('organizations')
      .set({ status: 'active' })
      .where('uuid', '=', org.uuid)
      .execute();
    const active = await h.rest('GET', '/organizations', {
      query: { subdomain: 'public-school', public: 'true' },
    });
    expect(active.body.data).toEqual([
      { name: 'Public School', subdomain: 'public-school', uuid: org.uuid, status: 'active' },
    ]);
  });
});
