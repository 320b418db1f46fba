import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from './outbox';
import { withTestModeNotice } from './test-mode-notice';

describe('test-mode notice on billing e-mails', () => {
  const capture = () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
    return { sent, mailer: withTestModeNotice(mailer) };
  };

  it('puts "Test mode — no real charges" at the top of every billing e-mail', async () => {
    const { sent, mailer } = capture();
    await mailer.send({
      to: 'a@example.com',
      subject: 'Your payment is past due',
      html: '<html><body><p>Pay</p></body></html>',
      text: 'Pay',
      kind: 'billing-past-due',
    });
    expect(sent[0]!.text.startsWith('Test mode — no real charges\n')).toBe(true);
    expect(sent[0]!.html).toMatch(/<body><p[^>]*>Test mode — no real charges<\/p><p>Pay/);
  });

  it('leaves other e-mails alone', async () => {
    const { sent, mailer } = capture();
    const mail = {
      to: 'a@example.com',
      subject: 'Hi',
      html: '<p>x</p>',
      text: 'x',
      kind: 'verify-email',
    };
    await mailer.send(mail);
    expect(sent[0]).toEqual(mail);
  });
});
