import type { Selectable } from 'kysely';
import type { PasskeysTable } from '@scmp/db';

export type PasskeyRow = Selectable<PasskeysTable>;

export type PasskeyOutput = {
  uuid: string;
  name: string;
  transports: string[];
  created_at: string;
  last_used_at: string | null;
};

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
