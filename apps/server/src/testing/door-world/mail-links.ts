import type { TestHarness } from '../harness';
import { mailsTo } from '../recorded-rows';

/** The link `marker` (e.g. '/reset-password?') in the newest e-mail to `to` that has one. */
export function mailLinkFinder(h: TestHarness) {
  const linkInMail = async (to: string, marker: string) => {
    for (const mail of (await mailsTo(h.db, to)).reverse()) {
      const at = mail.text.indexOf(marker);
      if (at < 0) continue;
      const start = mail.text.lastIndexOf('http', at);
      return new URL(/^\S+/.exec(mail.text.slice(start))![0]);
    }
    throw new Error(`no mail to ${to} with ${marker}`);
  };
  return linkInMail;
}
