import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingMail, renderEmail } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { freePort } from '../src/testing/free-port';
import { startSmtpRecorder as startSmtp } from '../src/testing/smtp-recorder';

let h: TestHarness;
let port: number;
beforeAll(async () => {
  port = await freePort();
  h = await createHarness({
    mail: {
      ...(await import('../src/testing/test-config')).testConfig().mail,
      smtpUrl: `smtp://127.0.0.1:${port}`,
    },
  });
});
afterAll(() => h.close());

async function queue(to: string) {
  const { html, text } = renderEmail({
    title: 'Hello',
    paragraphs: ['A test message.'],
    action: { label: 'Open', url: 'http://localhost:3000/x' },
  });
  await h.deps.mailer.send({ to, subject: `Hello ${to}`, html, text, kind: 'test' });
}

const rowOf = (to: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

describe('SMTP delivery from the outbox', () => {
  it('keeps the message while the SMTP server is down, retries with backoff, then delivers once', async () => {
    await queue('retry@example.com');
    // First attempt: nothing listens on the port.
    expect(await deliverPendingMail(h.deps)).toBe(1);
    let row = await rowOf('retry@example.com');
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(h.clock.now().getTime());

    // Not due yet: nothing is tried.
    expect(await deliverPendingMail(h.deps)).toBe(0);

    const smtp = await startSmtp(port);
    try {
      h.clock.advance(11_000);
      expect(await deliverPendingMail(h.deps)).toBe(1);
      row = await rowOf('retry@example.com');
      expect(row.status).toBe('sent');
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(2);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['retry@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: Hello retry@example.com');
      expect(smtp.received[0]!.raw).toContain('text/html');
      expect(smtp.received[0]!.raw).toContain('text/plain');

      // Never twice: further rounds send nothing.
      h.clock.advance(3_600_000);
      expect(await deliverPendingMail(h.deps)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('two workers running at once never send the same message twice', async () => {
    const smtp = await startSmtp(port);
    try {
      for (let i = 0; i < 6; i++) await queue(`parallel-${i}@example.com`);
      const [a, b] = await Promise.all([deliverPendingMail(h.deps), deliverPendingMail(h.deps)]);
      expect(a + b).toBe(6);
      expect(smtp.received).toHaveLength(6);
      expect(new Set(smtp.received.map((r) => r.to[0])).size).toBe(6);
    } finally {
      await smtp.close();
    }
  });
});

describe('without SMTP', () => {
  it('marks messages stored and keeps them for /dev/mail', async () => {
    const local = await createHarness();
    try {
      await local.deps.mailer.send({
        to: 'kept@example.com',
        subject: 'Kept',
        html: '<p>x</p>',
        text: 'x',
        kind: 'test',
      });
      expect(await deliverPendingMail(local.deps)).toBe(1);
      const row = await local.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'kept@example.com')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('stored');
      const json = await local.app.inject({ method: 'GET', url: '/dev/mail.json' });
      expect(JSON.parse(json.body)[0].to).toBe('kept@example.com');
    } finally {
      await local.close();
    }
  });
});
