import { z } from 'zod';
import type { Selectable } from 'kysely';
import type { PasskeysTable } from '@scmp/db';

export type PasskeyRow = Selectable<PasskeysTable>;

/**
 * A passkey as the passkeys procedures answer with it: one zod schema, the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation.
 */
export const passkeyOutput = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  transports: z.array(z.string()),
  created_at: z.string().describe('ISO 8601'),
  last_used_at: z.string().nullable().describe('ISO 8601; null until first used to sign in'),
});
export type PasskeyOutput = z.output<typeof passkeyOutput>;

/** What the API shows of a passkey: never its key or credential id. */
export function toPasskeyOutput(row: PasskeyRow): PasskeyOutput {
  return {
    uuid: row.uuid,
    name: row.name,
    transports: row.transports,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}
