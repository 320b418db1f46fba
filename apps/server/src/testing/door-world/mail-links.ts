import type { TestHarness } from '../harness';

/** The link `marker` (e.g. '/reset-password?') in the newest e-mail to `to` that has one. */
export function mailLinkFinder(h: TestHarness) {
  const linkInMail = async (to: string, marker: string) => {
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();
    for (const mail of mails) {
      const at = mail.text.indexOf(marker);
      if (at < 0) continue;
      const start = mail.text.lastIndexOf('http', at);
      return new URL(/^\S+/.exec(mail.text.slice(start))![0]);
    }
    throw new Error(`no mail to ${to} with ${marker}`);
  };
  return linkInMail;
}
