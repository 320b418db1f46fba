import { TEST_MODE_TEXT } from '../../contracts/product';
import type { Mailer } from './outbox';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * While the built-in test payment provider is in use (local mode, or a staging deployment with
 * ALLOW_TEST_PAYMENTS=true), every billing e-mail says so at its top: nothing in it was charged.
 */
export function withTestModeNotice(mailer: Mailer): Mailer {
  const notice = `<p style="margin:0 0 16px;padding:8px 12px;background:#fef3c7;color:#78350f;border-radius:4px;font-weight:600">${escapeHtml(TEST_MODE_TEXT)}</p>`;
  return {
    send(mail, db) {
      if (!mail.kind.startsWith('billing')) return mailer.send(mail, db);
      const html = /<body[^>]*>/i.test(mail.html)
        ? mail.html.replace(/<body[^>]*>/i, (tag) => `${tag}${notice}`)
        : `${notice}${mail.html}`;
      return mailer.send({ ...mail, html, text: `${TEST_MODE_TEXT}\n\n${mail.text}` }, db);
    },
  };
}
