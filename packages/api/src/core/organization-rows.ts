import type { Kysely, Selectable } from 'kysely';
import type { Database } from '@scmp/db';
import { AppError } from './errors';
import { isUuid } from './uuid';

/** Tables whose rows belong to one organization and are named by a uuid in the API. */
type OrganizationTable = 'organization_domains' | 'sso_connections' | 'webhook_endpoints';

/**
 * One of an organization's rows by its uuid, or a 404 with `notFound`: another organization's
 * row and a malformed uuid (never looked up) are not found alike.
 */
export async function organizationRowOr404<T extends OrganizationTable>(
  db: Kysely<Database>,
  table: T,
  organizationId: number,
  uuid: string,
  notFound: string,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot resolve the columns of a generic table; every OrganizationTable has both.
  const row = isUuid(uuid)
    ? await db
        .selectFrom(table as OrganizationTable)
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('uuid', '=', uuid)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row as Selectable<Database[T]>;
}
