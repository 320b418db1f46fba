import { describe, expect, it } from 'vitest';
import { type TestHarness } from '../src/testing/harness';
import { insertOrganizationRow } from '../src/testing/organization-rows';
import { activityOf } from '../src/testing/recorded-rows';
import { PNG, fields, supportHelpers } from '../src/testing/support-helpers';
import { useHarness } from '../src/testing/use-harness';

/** Opening support tickets: JSON, validation, who may, throttling, and the organization a ticket is about. */
let h: TestHarness;
useHarness((made) => (h = made));
const { postMultipart, postJson, outboxTo } = supportHelpers(() => h);
/** The smallest valid ticket. */
const SMALL_TICKET = { subject: 's', description: 'd', category: 'general' };

describe('opening tickets', () => {
  it('opens a ticket from JSON with defaults and a ticket number', async () => {
    const user = await h.createUser();
    const question = { subject: 'Invoice question', description: 'Why two charges?' };
    const res = await postJson(user.token, { ...question, category: 'billing' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const t = res.body.data;
    expect(t.ticket_number).toMatch(/^SUP-\d{6}$/);
    expect(t).toMatchObject({
      ...question,
      category: 'billing',
      priority: 'medium',
      status: 'open',
      organization_uuid: null,
      messages: [],
      attachments: [],
    });
    expect(t.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await h.rest('GET', '/support/tickets', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
    // The support address hears of it.
    const mails = await outboxTo(h.config.mail.supportEmail);
    expect(mails.some((m) => m.subject.includes(t.ticket_number))).toBe(true);
    expect(await activityOf(h.db, user.id, 'ticket.opened')).toHaveLength(1);
  });

  it('gives the spec validation texts', async () => {
    const user = await h.createUser();
    const res = await postJson(user.token, {});
    expect(res.status).toBe(422);
    expect(res.body.errors.category).toEqual(['Category is required']);
    expect(res.body.errors.subject).toEqual(['Subject is required']);
    expect(res.body.errors.description).toEqual(['Description is required']);
    const blank = await postJson(user.token, {
      category: 'general',
      subject: '   ',
      description: 'x',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe('Subject is required');
    const multi = await postMultipart(user.token, fields({ description: '' }));
    expect(multi.status).toBe(422);
    expect(multi.body.message).toBe('Description is required');
  });

  it('requires a signed-in user with a verified e-mail', async () => {
    const anon = await postJson(undefined, SMALL_TICKET);
    expect(anon.status).toBe(401);
    const unverified = await h.createUser({ verified: false });
    const res = await postJson(unverified.token, SMALL_TICKET);
    expect(res.status).toBe(403);
    expect(res.body.email_verification_required).toBe(true);
    const multi = await postMultipart(unverified.token, fields());
    expect(multi.status).toBe(403);
    expect((await postMultipart(undefined, fields())).status).toBe(401);
  });

  it("accepts only the user's own organizations", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const org = await insertOrganizationRow(h.db, {
      owner_id: owner.id,
      name: 'Oak School',
      subdomain: null,
      status: 'pending',
    });
    const ok = await postJson(owner.token, { ...SMALL_TICKET, organization_uuid: org.uuid });
    expect(ok.status).toBe(201);
    expect(ok.body.data.organization_uuid).toBe(org.uuid);
    expect(ok.body.data.organization_name).toBe('Oak School');
    const refused = await postJson(other.token, { ...SMALL_TICKET, organization_uuid: org.uuid });
    expect(refused.status).toBe(404);
    expect(refused.body.errors.organization_uuid).toBeDefined();
  });

  it('throttles ticket creation', async () => {
    const user = await h.createUser();
    for (let i = 0; i < 10; i += 1) {
      const res = await postJson(user.token, {
        subject: `s${i}`,
        description: 'd',
        category: 'general',
      });
      expect(res.status).toBe(201);
    }
    const res = await postJson(user.token, {
      subject: 'one more',
      description: 'd',
      category: 'general',
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('tickets carry their organization', () => {
  async function orgOf(token: string, name: string): Promise<string> {
    const res = await h.rest('POST', '/organizations', {
      token,
      body: { name, type: 'school' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.uuid as string;
  }

  it("requires one of the user's organizations when they belong to any, in JSON and multipart", async () => {
    const user = await h.createUser();
    const stranger = await h.createUser();
    const org = await orgOf(user.token, 'Beech School');
    const theirs = await orgOf(stranger.token, 'Elm School');
    const body = { subject: 'Portal down', description: 'It is down.', category: 'technical' };

    // Without one: 422 with the field, through both doors and both bodies.
    const json = await postJson(user.token, body);
    expect(json.status).toBe(422);
    expect(json.body.errors.organization_uuid).toEqual(['Organization is required']);
    const trpc = await h.trpc('mutation', 'support.createTicket', body, { token: user.token });
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.message).toBe('Organization is required');
    const multi = await postMultipart(user.token, fields({ organization_uuid: '' }));
    expect(multi.status).toBe(422);
    expect(multi.body.errors.organization_uuid).toEqual(['Organization is required']);

    // Another organization's uuid (or nonsense) is refused as if it did not exist.
    for (const organization_uuid of [theirs, 'not-a-uuid']) {
      const other = await postJson(user.token, { ...body, organization_uuid });
      expect(other.status).toBe(404);
      expect(other.body.errors.organization_uuid).toBeDefined();
      const otherMulti = await postMultipart(user.token, fields({ organization_uuid }));
      expect(otherMulti.status).toBe(404);
      expect(otherMulti.body.errors.organization_uuid).toBeDefined();
    }
    const overTrpc = (organization_uuid: string) =>
      h.trpc(
        'mutation',
        'support.createTicket',
        { ...body, organization_uuid },
        { token: user.token },
      );
    const otherTrpc = await overTrpc(theirs);
    expect(otherTrpc.status).toBe(404);
    // Nothing was opened by the refused requests.
    expect((await h.rest('GET', '/support/tickets', { token: user.token })).body.data).toEqual([]);

    // With their own: stored and answered as organization_uuid and organization_name.
    const created = [
      await postJson(user.token, { ...body, organization_uuid: org }),
      await postMultipart(user.token, [
        ...fields({ organization_uuid: org }),
        { name: 'attachments[0]', filename: 'screen.png', bytes: PNG },
      ]),
    ];
    const viaTrpc = await overTrpc(org);
    expect(viaTrpc.status).toBe(200);
    const ids = [
      ...created.map((res) => {
        expect(res.status, res.text).toBe(201);
        expect(res.body.data).toMatchObject({
          organization_uuid: org,
          organization_name: 'Beech School',
        });
        return res.body.data.id as string;
      }),
      viaTrpc.body.result.data.data.id as string,
    ];
    expect(viaTrpc.body.result.data.data.organization_uuid).toBe(org);
    const rows = await h.db
      .selectFrom('support_tickets')
      .innerJoin('organizations', 'organizations.id', 'support_tickets.organization_id')
      .select(['support_tickets.uuid', 'organizations.uuid as org'])
      .where('support_tickets.uuid', 'in', ids)
      .execute();
    expect(rows.map((r) => r.org)).toEqual([org, org, org]);

    // List and detail through both doors.
    const list = await h.rest('GET', '/support/tickets', { token: user.token });
    expect(list.body.data.map((t: Record<string, unknown>) => t.organization_uuid)).toEqual([
      org,
      org,
      org,
    ]);
    const trpcList = await h.trpc('query', 'support.listTickets', undefined, { token: user.token });
    expect(
      trpcList.body.result.data.data.map((t: Record<string, unknown>) => t.organization_name),
    ).toEqual(['Beech School', 'Beech School', 'Beech School']);
    for (const id of ids) {
      const detail = await h.rest('GET', `/support/tickets/${id}`, { token: user.token });
      expect(detail.body.data.organization_uuid).toBe(org);
      const trpcDetail = await h.trpc('query', 'support.getTicket', { id }, { token: user.token });
      expect(trpcDetail.body.result.data.data.organization_uuid).toBe(org);
    }

    // Staff see it in the queue and on the ticket.
    const staff = await h.createUser({ staff: true });
    const queue = await h.rest('GET', '/support/staff/tickets', { token: staff.token });
    const mine = queue.body.data.filter((t: { id: string }) => ids.includes(t.id));
    expect(mine.map((t: Record<string, unknown>) => t.organization_name)).toEqual([
      'Beech School',
      'Beech School',
      'Beech School',
    ]);
    const full = await h.rest('GET', `/support/staff/tickets/${ids[0]}`, { token: staff.token });
    expect(full.body.data.organization).toEqual({ uuid: org, name: 'Beech School' });
  });

  it('stays optional for a user without any organization', async () => {
    const user = await h.createUser();
    const res = await postJson(user.token, SMALL_TICKET);
    expect(res.status).toBe(201);
    expect(res.body.data.organization_uuid).toBeNull();
  });
});
