import { describe, expect, it } from 'vitest';
import { dryKysely } from './dry-kysely';
import { upsertRow } from './upsert-row';

describe('upsertRow', () => {
  it('inserts the keyed row, or sets the same values on it when the key is taken', async () => {
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = dryKysely({
      log: (event) => {
        sent.push(event.query);
      },
    });
    const at = new Date(Date.UTC(2026, 0, 2));
    await upsertRow(db, 'session_reauthentications', { session_id: 7 }, { confirmed_at: at });
    expect(sent.map((q) => [q.sql, q.parameters])).toEqual([
      [
        'insert into "session_reauthentications" ("session_id", "confirmed_at") values ($1, $2) ' +
          'on conflict ("session_id") do update set "confirmed_at" = $3',
        [7, at, at],
      ],
    ]);
  });
});
