import type { Kysely } from 'kysely';

/** Schema of the organizations area. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
