/**
 * The one spelling of an e-mail address used for storage, look-ups and throttle keys: NFKC folds
 * look-alike forms (e.g. circled letters) into plain ones, so they share an account and a bucket.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
