import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const valid = {
  name: 'Priya Shah',
  email: 'priya.shah@oakfield-primary.sch.uk',
  organisation: 'Oakfield Primary School',
  phone: '01632 960123',
  topic: 'demo',
  message: 'We run two sites and a holiday club. Could we book a demo for next Tuesday?',
};

async function outbox() {
  return h.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

describe('POST /api/v1/contact', () => {
  beforeEach(async () => {
    await h.deps.rateLimiter.reset('contact:127.0.0.1');
    await h.db.deleteFrom('mail_outbox').execute();
  });

  it('sends the message to the sales address and acknowledges the sender', async () => {
    const res = await h.rest('POST', '/contact', { body: valid });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(
      'Thank you for getting in touch. Our team will reply within one working day.',
    );
    expect(res.body.data.reference).toMatch(/^C-[0-9A-Z]+$/);

    const mails = await outbox();
    const sales = mails.find((m) => m.to_address === h.config.mail.salesEmail);
    expect(sales).toBeDefined();
    expect(sales!.kind).toBe('contact');
    expect(sales!.subject).toContain('Book a demo');
    expect(sales!.subject).toContain('Oakfield Primary School');
    expect(sales!.text).toContain('priya.shah@oakfield-primary.sch.uk');
    expect(sales!.text).toContain('01632 960123');
    expect(sales!.text).toContain('holiday club');

    const ack = mails.find((m) => m.to_address === valid.email);
    expect(ack).toBeDefined();
    expect(ack!.kind).toBe('contact-acknowledgement');
    expect(ack!.text).toContain(res.body.data.reference);
  });

  it('accepts a message without a phone number', async () => {
    const { phone: _phone, ...rest } = valid;
    const res = await h.rest('POST', '/contact', { body: rest });
    expect(res.status).toBe(200);
    const sales = (await outbox()).find((m) => m.kind === 'contact');
    expect(sales!.text).toContain('Phone: not given');
  });

  it('works through the tRPC door too', async () => {
    const res = await h.trpc('mutation', 'publicSite.contact', { ...valid, topic: 'pricing' });
    expect(res.status).toBe(200);
    expect((await outbox()).some((m) => m.subject.includes('Pricing and plans'))).toBe(true);
  });

  it('answers 422 with clear field texts and sends nothing', async () => {
    const res = await h.rest('POST', '/contact', {
      body: { name: '  ', email: 'not-an-email', organisation: '', topic: 'x', message: 'short' },
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('Please enter your name');
    expect(res.body.errors).toMatchObject({
      name: ['Please enter your name'],
      email: ['Please enter a valid email address'],
      organisation: ['Please enter your school, nursery or organisation'],
      topic: ['Please choose what your message is about'],
      message: ['Message must be at least 10 characters'],
    });
    expect(await outbox()).toHaveLength(0);
  });

  it('names missing fields', async () => {
    const res = await h.rest('POST', '/contact', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['Please enter your name']);
    expect(res.body.errors.email).toEqual(['Please enter your email address']);
    expect(res.body.errors.message).toEqual(['Please enter a message']);
  });

  it('rejects an invalid phone number', async () => {
    const res = await h.rest('POST', '/contact', { body: { ...valid, phone: 'call me maybe' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.phone).toEqual(['Please enter a valid phone number']);
  });

  it('throttles to 5 messages per 10 minutes per IP with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await h.rest('POST', '/contact', { body: valid })).status).toBe(200);
    }
    const blocked = await h.rest('POST', '/contact', { body: valid });
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/Please try again in 10 minutes\./);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await outbox()).filter((m) => m.kind === 'contact')).toHaveLength(5);

    h.clock.advance(601_000);
    expect((await h.rest('POST', '/contact', { body: valid })).status).toBe(200);
  });
});
