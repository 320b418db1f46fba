import { describe, expect, it } from 'vitest';
import { useOrganizationsWorld } from '../src/testing/organizations-world';

const w = useOrganizationsWorld();

describe('creating organizations', () => {
  it('creates one with the documented fields (201) and lists it', async () => {
    const res = await w.create({
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

    const list = await w.h.rest('GET', '/organizations', { token: w.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { uuid: string }) => o.uuid)).toContain(org.uuid);
    const got = await w.h.rest('GET', `/organizations/${org.uuid}`, { token: w.owner.token });
    expect(got.body.data).toEqual(org);
  });

  it('answers every validation text of the create form', async () => {
    const noName = await w.create({ name: '  ', type: 'school' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toEqual(['Organization name is required']);
    const missingName = await w.create({ type: 'school' });
    expect(missingName.body.errors.name).toEqual(['Organization name is required']);
    const noType = await w.create({ name: 'X School' });
    expect(noType.status).toBe(422);
    expect(noType.body.errors.type).toEqual(['Organization type is required']);
    const badType = await w.create({ name: 'X School', type: 'castle' });
    expect(badType.body.errors.type).toEqual(['Organization type is required']);
    const chars = await w.create({ name: 'X School', type: 'camp', subdomain: 'has space' });
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
      const res = await w.create({ name: 'Rules School', type: 'school', subdomain });
      expect(res.status, subdomain).toBe(422);
      expect(res.body.message, subdomain).toBe(text);
      expect(res.body.errors.subdomain, subdomain).toEqual([text]);
    }
    const longest = await w.create({
      name: 'Rules School',
      type: 'school',
      subdomain: 'b'.repeat(62),
    });
    expect(longest.status).toBe(201);
  });

  it('generates a unique subdomain from the name when it is left empty', async () => {
    const a = await w.create({
      name: 'St. Mary’s Nursery & Pre-School!',
      type: 'school',
      subdomain: '',
    });
    expect(a.status).toBe(201);
    expect(a.body.data.subdomain).toBe('st-mary-s-nursery-pre-school');
    const b = await w.create({ name: 'St Mary s Nursery Pre School', type: 'school' });
    expect(b.body.data.subdomain).toBe('st-mary-s-nursery-pre-school-2');
    const reserved = await w.create({ name: 'Blog', type: 'other' });
    expect(reserved.status).toBe(201);
    expect(reserved.body.data.subdomain).not.toBe('blog');
    const short = await w.create({ name: 'Z', type: 'other' });
    expect(short.body.data.subdomain.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a taken subdomain with 409, and lets exactly one of two concurrent creates win', async () => {
    await w.create({ name: 'First', type: 'camp', subdomain: 'taken-one' });
    const again = await w.create(
      { name: 'Second', type: 'camp', subdomain: 'taken-one' },
      w.other.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This subdomain is already taken');

    const results = await Promise.all([
      w.create({ name: 'Race A', type: 'camp', subdomain: 'race-slug' }),
      w.create({ name: 'Race B', type: 'camp', subdomain: 'race-slug' }, w.other.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await w.h.db
      .selectFrom('organizations')
      .select('id')
      .where('subdomain', '=', 'race-slug')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('requires a verified e-mail to create', async () => {
    const unverified = await w.h.createUser({ verified: false });
    const res = await w.create({ name: 'Nope', type: 'school' }, unverified.token);
    expect(res.status).toBe(403);
    expect(res.body.email_verification_required).toBe(true);
  });
});

describe('check-subdomain', () => {
  it('answers availability with a reason, and counts the own current slug as available', async () => {
    const org = await w.made({ name: 'Check School', type: 'school', subdomain: 'check-school' });
    const free = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'Totally-Free-Slug' },
      token: w.owner.token,
    });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      success: true,
      message: 'Subdomain is available',
      data: { available: true },
    });
    const taken = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school' },
      token: w.other.token,
    });
    expect(taken.body.data).toEqual({ available: false });
    expect(taken.body.message).toBe('This subdomain is already taken');
    const own = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school', organization_uuid: org.uuid },
      token: w.owner.token,
    });
    expect(own.body.data).toEqual({ available: true });
    const reserved = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'www' },
      token: w.owner.token,
    });
    expect(reserved.body).toMatchObject({
      data: { available: false },
      message: 'This subdomain is reserved',
    });
    const foreign = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'check-school', organization_uuid: org.uuid },
      token: w.other.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('is throttled at 30 per minute per user', async () => {
    const user = await w.h.createUser();
    for (let i = 0; i < 30; i += 1) {
      const res = await w.h.rest('POST', '/organizations/check-subdomain', {
        body: { subdomain: `slug-${i}` },
        token: user.token,
      });
      expect(res.status).toBe(200);
    }
    const over = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'slug-over' },
      token: user.token,
    });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    w.h.clock.advance(61_000);
    const later = await w.h.rest('POST', '/organizations/check-subdomain', {
      body: { subdomain: 'slug-later' },
      token: user.token,
    });
    expect(later.status).toBe(200);
  });
});
