import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverPendingMail } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { freePort } from '../src/testing/free-port';
import { startSmtpRecorder as startSmtp } from '../src/testing/smtp-recorder';
import { testConfig } from '../src/testing/test-config';

let h: TestHarness;
let port: number;
beforeAll(async () => {
  port = await freePort();
  h = await createHarness({ mail: { ...testConfig().mail, smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.db.deleteFrom('mail_outbox').execute();
});

const queue = (to: string) =>
  h.deps.mailer.send({ to, subject: `To ${to}`, html: '<p>x</p>', text: 'x', kind: 'test' });
const rowOf = (to: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

describe('mail delivery while the SMTP server is unreachable', () => {
  it('tries one message per round and keeps the rest of the batch queued, uncounted', async () => {
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await queue(to);
    expect(await deliverPendingMail(h.deps)).toBe(1);
    const a = await rowOf('a@example.com');
    const others = [await rowOf('b@example.com'), await rowOf('c@example.com')];
    expect(a.attempts).toBe(1);
    expect(a.last_error).toBeTruthy();
    for (const row of others) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(0);
      expect(row.last_error).toBeTruthy();
      expect(new Date(row.next_attempt_at).getTime()).toBe(new Date(a.next_attempt_at).getTime());
    }
    // Nothing is due until the retry time.
    expect(await deliverPendingMail(h.deps)).toBe(0);
  });

  it('sends the waiting messages as soon as one message goes through again, each once', async () => {
    await queue('waiting@example.com');
    expect(await deliverPendingMail(h.deps)).toBe(1); // fails: retry in 10 s
    const smtp = await startSmtp(port);
    try {
      h.clock.advance(1000);
      await queue('fresh@example.com');
      expect(await deliverPendingMail(h.deps)).toBe(1); // the fresh one goes out
      expect(smtp.recipients()).toEqual(['fresh@example.com']);
      // The server is back: the waiting message is due now, not 9 s later.
      expect(await deliverPendingMail(h.deps)).toBe(1);
      expect(smtp.recipients()).toEqual(['fresh@example.com', 'waiting@example.com']);
      expect((await rowOf('waiting@example.com')).status).toBe('sent');
      h.clock.advance(3_600_000);
      expect(await deliverPendingMail(h.deps)).toBe(0);
      expect(smtp.recipients()).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('never makes a message under another worker’s lease due early', async () => {
    await queue('leased@example.com');
    const leaseUntil = new Date(h.clock.now().getTime() + 120_000);
    // As another worker's claim leaves it: attempt counted, lease set, no error recorded.
    await h.db
      .updateTable('mail_outbox')
      .set({ attempts: 1, next_attempt_at: leaseUntil, last_error: null })
      .where('to_address', '=', 'leased@example.com')
      .execute();
    const smtp = await startSmtp(port);
    try {
      await queue('other@example.com');
      expect(await deliverPendingMail(h.deps)).toBe(1);
      expect(await deliverPendingMail(h.deps)).toBe(0);
      expect(smtp.recipients()).toEqual(['other@example.com']);
      expect(new Date((await rowOf('leased@example.com')).next_attempt_at).getTime()).toBe(
        leaseUntil.getTime(),
      );
    } finally {
      await smtp.close();
    }
  });
});
