import SwaggerParser from '@apidevtools/swagger-parser';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/index';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { multipartBody, type MultipartPart } from '../src/testing/multipart';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function docx(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8('<w:document/>'),
    }),
  );
}

const fields = (overrides: Record<string, string> = {}): MultipartPart[] =>
  Object.entries({
    subject: 'Login page broken',
    description: 'The login page shows an error.',
    category: 'technical',
    priority: 'high',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

async function postMultipart(token: string | undefined, parts: MultipartPart[]) {
  const { body, headers } = multipartBody(parts);
  return h.rest('POST', '/support/tickets', { body, headers, token });
}

async function outboxTo(address: string) {
  return h.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id', 'asc')
    .execute();
}

describe('opening tickets', () => {
  it('opens a ticket from JSON with defaults and a ticket number', async () => {
    const user = await h.createUser();
    const res = await h.rest('POST', '/support/tickets', {
      token: user.token,
      body: { subject: 'Invoice question', description: 'Why two charges?', category: 'billing' },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const t = res.body.data;
    expect(t.ticket_number).toMatch(/^SUP-\d{6}$/);
    expect(t).toMatchObject({
      subject: 'Invoice question',
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
    const activity = await h.db
      .selectFrom('activity_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('action', '=', 'ticket.opened')
      .execute();
    expect(activity).toHaveLength(1);
  });

  it('gives the spec validation texts', async () => {
    const user = await h.createUser();
    const res = await h.rest('POST', '/support/tickets', { token: user.token, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.category).toEqual(['Category is required']);
    expect(res.body.errors.subject).toEqual(['Subject is required']);
    expect(res.body.errors.description).toEqual(['Description is required']);
    const blank = await h.rest('POST', '/support/tickets', {
      token: user.token,
      body: { category: 'general', subject: '   ', description: 'x' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe('Subject is required');
    const multi = await postMultipart(user.token, fields({ description: '' }));
    expect(multi.status).toBe(422);
    expect(multi.body.message).toBe('Description is required');
  });

  it('requires a signed-in user with a verified e-mail', async () => {
    const anon = await h.rest('POST', '/support/tickets', {
      body: { subject: 's', description: 'd', category: 'general' },
    });
    expect(anon.status).toBe(401);
    const unverified = await h.createUser({ verified: false });
    const res = await h.rest('POST', '/support/tickets', {
      token: unverified.token,
      body: { subject: 's', description: 'd', category: 'general' },
    });
    expect(res.status).toBe(403);
    expect(res.body.email_verification_required).toBe(true);
    const multi = await postMultipart(unverified.token, fields());
    expect(multi.status).toBe(403);
    expect((await postMultipart(undefined, fields())).status).toBe(401);
  });

  it("accepts only the user's own organizations", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const org = await h.db
      .insertInto('organizations')
      .values({
        owner_id: owner.id,
        name: 'Oak School',
        type: 'school',
        description: null,
        subdomain: null,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const ok = await h.rest('POST', '/support/tickets', {
      token: owner.token,
      body: { subject: 's', description: 'd', category: 'general', organization_uuid: org.uuid },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.organization_uuid).toBe(org.uuid);
    expect(ok.body.data.organization_name).toBe('Oak School');
    const refused = await h.rest('POST', '/support/tickets', {
      token: other.token,
      body: { subject: 's', description: 'd', category: 'general', organization_uuid: org.uuid },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.errors.organization_uuid).toBeDefined();
  });

  it('throttles ticket creation', async () => {
    const user = await h.createUser();
    for (let i = 0; i < 10; i += 1) {
      const res = await h.rest('POST', '/support/tickets', {
        token: user.token,
        body: { subject: `s${i}`, description: 'd', category: 'general' },
      });
      expect(res.status).toBe(201);
    }
    const res = await h.rest('POST', '/support/tickets', {
      token: user.token,
      body: { subject: 'one more', description: 'd', category: 'general' },
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('attachments', () => {
  it('opens a ticket with attachments from multipart (all field name styles)', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'screen.png', bytes: PNG },
      { name: 'attachments[]', filename: 'invoice.pdf', bytes: PDF },
      { name: 'attachments', filename: 'notes.txt', bytes: Buffer.from('hello £ world\n') },
      { name: 'attachments[3]', filename: 'data.csv', bytes: Buffer.from('a,b\n1,2\n') },
      { name: 'attachments[4]', filename: 'letter.docx', bytes: docx() },
    ]);
    expect(res.status).toBe(201);
    const names = res.body.data.attachments.map((a: { name: string; content_type: string }) => [
      a.name,
      a.content_type,
    ]);
    expect(names).toEqual([
      ['screen.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
      ['data.csv', 'text/csv'],
      ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(res.body.data.priority).toBe('high');
  });

  it('treats an empty optional multipart field as not given', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields({ priority: '', organization_uuid: '' }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ priority: 'medium', organization_uuid: null });
  });

  it('refuses more than 5 files, files over 10MB and types off the allow-list', async () => {
    const user = await h.createUser();
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `attachments[${i}]`,
      filename: `f${i}.png`,
      bytes: PNG,
    }));
    const tooMany = await postMultipart(user.token, [...fields(), ...six]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('You can attach at most 5 files.');

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'big.png', bytes: big },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('10MB');

    const exe = await postMultipart(user.token, [
      ...fields(),
      {
        name: 'attachments[0]',
        filename: 'tool.exe',
        bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
      },
    ]);
    expect(exe.status).toBe(422);
    expect(exe.body.message).toContain('not allowed');

    // A PNG disguised as text, binary named .txt and a plain zip are all refused.
    const binaryTxt = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'x.txt', bytes: Buffer.from([0x41, 0x00, 0x42]) },
    ]);
    expect(binaryTxt.status).toBe(422);
    const zip = await postMultipart(user.token, [
      ...fields(),
      {
        name: 'attachments[0]',
        filename: 'x.docx',
        bytes: Buffer.from(zipSync({ 'a.txt': strToU8('hi') })),
      },
    ]);
    expect(zip.status).toBe(422);
    const html = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'page.html', bytes: Buffer.from('<script>x</script>') },
    ]);
    expect(html.status).toBe(422);
    // Nothing was created by the refused requests.
    const list = await h.rest('GET', '/support/tickets', { token: user.token });
    expect(list.body.data).toHaveLength(0);
  });

  it('serves downloads only to the owner and staff', async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const staff = await h.createUser({ staff: true });
    const res = await postMultipart(owner.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'screen.png', bytes: PNG },
    ]);
    const attachment = res.body.data.attachments[0];
    expect(attachment.url).toBe(`/api/v1/support/attachments/${attachment.id}`);
    const path = `/support/attachments/${attachment.id}`;

    const mine = await h.app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="screen.png"/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');

    expect((await h.rest('GET', path, { token: staff.token })).status).toBe(200);
    const others = await h.rest('GET', path, { token: other.token });
    expect(others.status).toBe(404);
    expect(others.body.success).toBe(false);
    expect((await h.rest('GET', path)).status).toBe(401);
    expect(
      (await h.rest('GET', '/support/attachments/not-a-uuid', { token: owner.token })).status,
    ).toBe(404);
  });
});

describe('threads, ownership and staff', () => {
  async function openTicket(token: string, subject = 'Help please') {
    const res = await h.rest('POST', '/support/tickets', {
      token,
      body: { subject, description: 'Something is wrong', category: 'technical' },
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; ticket_number: string };
  }

  it("answers 404 for another user's ticket and writes nothing", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const ticket = await openTicket(owner.token);
    expect(
      (await h.rest('GET', `/support/tickets/${ticket.id}`, { token: other.token })).status,
    ).toBe(404);
    const reply = await h.rest('POST', `/support/tickets/${ticket.id}/messages`, {
      token: other.token,
      body: { message: 'hi' },
    });
    expect(reply.status).toBe(404);
    expect((await h.rest('GET', '/support/tickets/nope', { token: owner.token })).status).toBe(404);
    const detail = await h.rest('GET', `/support/tickets/${ticket.id}`, { token: owner.token });
    expect(detail.body.data.messages).toEqual([]);
    const list = await h.rest('GET', '/support/tickets', { token: other.token });
    expect(list.body.data).toEqual([]);
  });

  it('refuses staff procedures to customers with 404', async () => {
    const customer = await h.createUser();
    const ticket = await openTicket(customer.token);
    expect((await h.rest('GET', '/support/staff/tickets', { token: customer.token })).status).toBe(
      404,
    );
    expect(
      (await h.rest('GET', `/support/staff/tickets/${ticket.id}`, { token: customer.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await h.rest('POST', `/support/staff/tickets/${ticket.id}/messages`, {
          token: customer.token,
          body: { message: 'I am staff' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.rest('PATCH', `/support/staff/tickets/${ticket.id}/status`, {
          token: customer.token,
          body: { status: 'closed' },
        })
      ).status,
    ).toBe(404);
    const trpc = await h.trpc('query', 'support.staffListTickets', {}, { token: customer.token });
    expect(trpc.status).toBe(404);
    const detail = await h.rest('GET', `/support/tickets/${ticket.id}`, { token: customer.token });
    expect(detail.body.data).toMatchObject({ status: 'open', messages: [] });
  });

  it('lets staff search, reply and set status; the customer is e-mailed', async () => {
    const customer = await h.createUser({ name: 'Cara Customer' });
    const staff = await h.createUser({ staff: true, name: 'Sid Staff' });
    const ticket = await openTicket(customer.token, 'Unique zebra subject');

    const queue = await h.rest('GET', '/support/staff/tickets', {
      token: staff.token,
      query: { q: 'zebra', status: 'open', category: 'technical' },
    });
    expect(queue.status).toBe(200);
    expect(queue.body.data).toHaveLength(1);
    expect(queue.body.data[0].customer.email).toBe(customer.email);
    const byNumber = await h.rest('GET', '/support/staff/tickets', {
      token: staff.token,
      query: { q: ticket.ticket_number },
    });
    expect(byNumber.body.data.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
    const none = await h.rest('GET', '/support/staff/tickets', {
      token: staff.token,
      query: { q: 'zebra', priority: 'urgent' },
    });
    expect(none.body.data).toEqual([]);

    const full = await h.rest('GET', `/support/staff/tickets/${ticket.id}`, { token: staff.token });
    expect(full.body.data.customer).toMatchObject({ name: 'Cara Customer', email: customer.email });
    expect(full.body.data.organization).toBeNull();

    const blank = await h.rest('POST', `/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { message: '  ' },
    });
    expect(blank.status).toBe(422);

    const reply = await h.rest('POST', `/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { message: 'We are on it.' },
    });
    expect(reply.status).toBe(201);
    const status = await h.rest('PATCH', `/support/staff/tickets/${ticket.id}/status`, {
      token: staff.token,
      body: { status: 'in_progress' },
    });
    expect(status.status).toBe(200);
    expect(status.body.data.status).toBe('in_progress');

    const seen = await h.rest('GET', `/support/tickets/${ticket.id}`, { token: customer.token });
    expect(seen.body.data.status).toBe('in_progress');
    expect(seen.body.data.messages).toEqual([
      expect.objectContaining({
        message: 'We are on it.',
        author_name: 'Sid Staff',
        is_staff_reply: true,
        attachments: [],
      }),
    ]);
    const mails = await outboxTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('support-ticket-reply');
    expect(mails[0]!.text).toContain('We are on it.');
    expect(mails[0]!.text).toContain(`${h.config.appUrl}/dashboard/support`);
  });

  it('respects the e-mail updates preference', async () => {
    const customer = await h.createUser();
    const staff = await h.createUser({ staff: true });
    const ticket = await openTicket(customer.token);
    await h.db
      .insertInto('notification_preferences')
      .values({
        user_id: customer.id,
        preferences: JSON.stringify({ email: { updates: false } }),
      } as never)
      .execute();
    const reply = await h.rest('POST', `/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { message: 'Quiet reply' },
    });
    expect(reply.status).toBe(201);
    expect(await outboxTo(customer.email)).toHaveLength(0);
  });

  it('reopens a resolved ticket on a customer reply and refuses replies when closed', async () => {
    const customer = await h.createUser();
    const staff = await h.createUser({ staff: true });
    const ticket = await openTicket(customer.token, 'Reopen me');
    const before = (await outboxTo(h.config.mail.supportEmail)).length;

    const blank = await h.rest('POST', `/support/tickets/${ticket.id}/messages`, {
      token: customer.token,
      body: { message: '   ' },
    });
    expect(blank.status).toBe(422);

    await h.rest('PATCH', `/support/staff/tickets/${ticket.id}/status`, {
      token: staff.token,
      body: { status: 'resolved' },
    });
    const reply = await h.rest('POST', `/support/tickets/${ticket.id}/messages`, {
      token: customer.token,
      body: { message: 'Still broken' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.status).toBe('open');
    expect(reply.body.data.messages).toEqual([
      expect.objectContaining({ message: 'Still broken', is_staff_reply: false }),
    ]);
    const support = await outboxTo(h.config.mail.supportEmail);
    expect(support.length).toBe(before + 1);
    expect(support.at(-1)!.kind).toBe('support-ticket-customer-reply');

    await h.rest('PATCH', `/support/staff/tickets/${ticket.id}/status`, {
      token: staff.token,
      body: { status: 'closed' },
    });
    const closed = await h.rest('POST', `/support/tickets/${ticket.id}/messages`, {
      token: customer.token,
      body: { message: 'Hello?' },
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
  });

  it('documents the support paths in the OpenAPI document, JSON and multipart', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = JSON.parse(res.body) as Json;
    await SwaggerParser.validate(structuredClone(doc) as never);
    const create = doc.paths['/support/tickets'].post;
    expect(Object.keys(create.requestBody.content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(create.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty(
      'attachments',
    );
    expect(doc.paths['/support/tickets']).toHaveProperty('get');
    expect(doc.paths['/support/tickets/{id}']).toHaveProperty('get');
    expect(doc.paths['/support/tickets/{id}/messages']).toHaveProperty('post');
    expect(doc.paths['/support/staff/tickets']).toHaveProperty('get');
    expect(doc.paths['/support/staff/tickets/{id}/status']).toHaveProperty('patch');
  });

  it('refuses attachments in a JSON body', async () => {
    const user = await h.createUser();
    const res = await h.rest('POST', '/support/tickets', {
      token: user.token,
      body: { subject: 's', description: 'd', category: 'general', attachments: ['x'] },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Send attachments as multipart/form-data.');
  });
});

describe('demo data', () => {
  it('seeds two tickets for the demo customer, one answered by staff', async () => {
    const fresh = await createHarness();
    try {
      expect(await seedDemoData(fresh.deps)).toBe(true);
      const login = await fresh.rest('POST', '/auth/login', {
        body: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
      });
      expect(login.status).toBe(200);
      const token = login.body.data.token as string;
      const list = await fresh.rest('GET', '/support/tickets', { token });
      expect(list.body.data).toHaveLength(2);
      const answered = list.body.data.find((t: Json) => t.status === 'in_progress');
      const detail = await fresh.rest('GET', `/support/tickets/${answered.id}`, { token });
      expect(detail.body.data.messages[0]).toMatchObject({
        is_staff_reply: true,
        author_name: 'Sam Support',
      });
    } finally {
      await fresh.close();
    }
  });
});
