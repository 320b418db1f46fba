import { z } from 'zod';

/**
 * A REST query flag that picks another procedure for the same path (meta.restFlag, e.g.
 * `GET /organizations?public=true`): its words are z.stringbool's ("true", "1", "yes", ... and
 * "false", "0", "no", ...). The flagged procedure declares `[flag]: queryFlag.optional()` in its
 * input, so a value that is neither word is refused there (422), as the path always has.
 */
export const queryFlag = z.stringbool();

/**
 * Whether a query value of the flag picks the flagged procedure: set, and not a "false" word.
 * A value that is no word at all picks it too, for its input to refuse.
 */
export function flagIsOn(value: unknown): boolean {
  if (value === undefined) return false;
  const read = queryFlag.safeParse(value);
  return !read.success || read.data;
}
