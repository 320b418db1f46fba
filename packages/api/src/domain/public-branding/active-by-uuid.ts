import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';

/**
 * The id of the active instance or organization with this public uuid; 404 with `notFound` for
 * anything else (not a uuid, unknown, not active), so a caller learns nothing about the others.
 */
export async function activeIdByUuid(
  deps: Pick<AppDeps, 'db'>,
  table: 'instances' | 'organizations',
  uuid: string,
  notFound: string,
): Promise<number> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', notFound);
  const row = await deps.db
    .selectFrom(table)
    .select('id')
    .where('uuid', '=', uuid)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row.id;
}
