import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { supportHelpers } from '../src/testing/support-helpers';

let h: TestHarness;
const { outboxTo, postJson } = supportHelpers(() => h);
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('threads, ownership and staff', () => {
  async function openTicket(token: string, subject = 'Help please') {
    const res = await postJson(token, {
      subject,
      description: 'Something is wrong',
      category: 'technical',
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; ticket_number: string };
  }

  /** A message on the ticket from its customer, or (`staffMessage`) from staff. */
  const customerMessage = (token: string, ticketId: string, message: string) =>
    h.rest('POST', `/support/tickets/${ticketId}/messages`, { token, body: { message } });
  const staffMessage = (token: string, ticketId: string, message: string) =>
    h.rest('POST', `/support/staff/tickets/${ticketId}/messages`, { token, body: { message } });
  /** Staff set the ticket's status. */
  const setStatus = (token: string, ticketId: string, status: string) =>
    h.rest('PATCH', `/support/staff/tickets/${ticketId}/status`, { token, body: { status } });

  it("answers 404 for another user's ticket and writes nothing", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const ticket = await openTicket(owner.token);
    expect(
      (await h.rest('GET', `/support/tickets/${ticket.id}`, { token: other.token })).status,
    ).toBe(404);
    const reply = await customerMessage(other.token, ticket.id, 'hi');
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
    const staffRoutes: Array<[Parameters<TestHarness['rest']>[0], string, Json?]> = [
      ['GET', '/support/staff/tickets'],
      ['GET', `/support/staff/tickets/${ticket.id}`],
      ['POST', `/support/staff/tickets/${ticket.id}/messages`, { message: 'I am staff' }],
      ['PATCH', `/support/staff/tickets/${ticket.id}/status`, { status: 'closed' }],
    ];
    for (const [method, path, body] of staffRoutes)
      expect((await h.rest(method, path, { token: customer.token, body })).status, path).toBe(404);
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

    const blank = await staffMessage(staff.token, ticket.id, '  ');
    expect(blank.status).toBe(422);

    const reply = await staffMessage(staff.token, ticket.id, 'We are on it.');
    expect(reply.status).toBe(201);
    const status = await setStatus(staff.token, ticket.id, 'in_progress');
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

  it('e-mails staff replies with every notification preference off (transactional)', async () => {
    const customer = await h.createUser();
    const staff = await h.createUser({ staff: true, name: 'Sid Staff' });
    const ticket = await openTicket(customer.token);
    // A phone number, so the SMS group may be switched off too.
    await h.db
      .updateTable('users')
      .set({ phone: '+44 20 7946 0000' })
      .where('id', '=', customer.id)
      .execute();
    const off = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, false]));
    const allOff = {
      email: off(['marketing', 'security', 'updates', 'reports']),
      push: off(['messages', 'updates', 'security', 'marketing']),
      sms: off(['security', 'urgent', 'marketing', 'updates']),
    };
    const saved = await h.rest('PUT', '/notifications/preferences', {
      token: customer.token,
      body: allOff,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual(allOff);

    // Through the REST door…
    const reply = await staffMessage(staff.token, ticket.id, 'A reply you asked for');
    expect(reply.status).toBe(201);
    // …and the tRPC door.
    const second = await h.trpc(
      'mutation',
      'support.staffReply',
      { id: ticket.id, message: 'And a second one' },
      { token: staff.token },
    );
    expect(second.status).toBe(200);
    const mails = await outboxTo(customer.email);
    expect(mails.map((m) => m.kind)).toEqual(['support-ticket-reply', 'support-ticket-reply']);
    expect(mails[0]!.text).toContain('A reply you asked for');
    expect(mails[1]!.text).toContain('And a second one');
    expect(mails[0]!.text).toContain('Replies to your tickets are always e-mailed');
    expect(mails[0]!.text).not.toContain('product update');
  });

  it('reopens a resolved ticket on a customer reply and refuses replies when closed', async () => {
    const customer = await h.createUser();
    const staff = await h.createUser({ staff: true });
    const ticket = await openTicket(customer.token, 'Reopen me');
    const before = (await outboxTo(h.config.mail.supportEmail)).length;

    const blank = await customerMessage(customer.token, ticket.id, '   ');
    expect(blank.status).toBe(422);

    await setStatus(staff.token, ticket.id, 'resolved');
    const reply = await customerMessage(customer.token, ticket.id, 'Still broken');
    expect(reply.status).toBe(201);
    expect(reply.body.data.status).toBe('open');
    expect(reply.body.data.messages).toEqual([
      expect.objectContaining({ message: 'Still broken', is_staff_reply: false }),
    ]);
    const support = await outboxTo(h.config.mail.supportEmail);
    expect(support.length).toBe(before + 1);
    expect(support.at(-1)!.kind).toBe('support-ticket-customer-reply');

    await setStatus(staff.token, ticket.id, 'closed');
    const closed = await customerMessage(customer.token, ticket.id, 'Hello?');
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
