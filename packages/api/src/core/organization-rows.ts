import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '@scmp/db';
import { AppError } from './errors';
import { isUuid } from './uuid';

/** Tables whose rows belong to one organization and are named by a uuid in the API. */
export type OrganizationTable = 'organization_domains' | 'sso_connections' | 'webhook_endpoints';

/** Tables an organization's settings pages list whole. */
type ListedTable = 'organization_domains' | 'sso_connections' | 'sso_sign_in_failures' | 'invoices';

/** How a list is sorted: by `by` (created_at unless named), then the id, the same way; how many. */
export type ListOrder<T extends ListedTable> = {
  by?: keyof Database[T] & string;
  direction?: 'asc' | 'desc';
  limit?: number;
};

/** An organization's rows of `table`, in `order` (oldest first unless told). */
export async function organizationRows<T extends ListedTable>(
  db: Kysely<Database>,
  table: T,
  organizationId: number,
  { by = 'created_at', direction = 'asc', limit }: ListOrder<T> = {},
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot resolve the columns of a generic table; every ListedTable has these.
  const query = db
    .selectFrom(table as ListedTable)
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy(sql.ref(by), direction)
    .orderBy('id', direction);
  const rows = await (limit === undefined ? query : query.limit(limit)).execute();
  return rows as Selectable<Database[T]>[];
}

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
