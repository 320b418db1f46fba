import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { Database, InstancesTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';

/** The instance columns that schedule periodic work (a health check, a DNS or TLS re-check). */
export type ScheduleColumn =
  'last_health_check' | 'custom_domain_next_check_at' | 'ssl_next_check_at';

type InstanceFilter = (eb: ExpressionBuilder<Database, 'instances'>) => Expression<SqlBool>;

export type ClaimDue = {
  column: ScheduleColumn;
  /** Which rows are due: compares `column` (and anything else) against the caller's clock. */
  due: InstanceFilter;
  /** Which instances take part at all (their status, a host). */
  eligible: InstanceFilter;
  /** Written to `column` by the claim: the time the work is leased until (or was done at). */
  claimUntil: Date;
  limit: number;
};

/**
 * Claims up to `limit` due instances in one statement: the oldest due rows are locked (skipping
 * rows another worker holds) and their schedule column is moved to `claimUntil`, so concurrent
 * workers split the work instead of repeating it, and a worker that dies only delays its rows
 * until the lease ends. Used by the health checks, the custom-domain checks and the certificate
 * checks alike.
 */
export async function claimDueInstances(
  deps: AppDeps,
  claim: ClaimDue,
): Promise<Selectable<InstancesTable>[]> {
  const { column, due, eligible } = claim;
  return deps.db
    .updateTable('instances')
    .set({ [column]: claim.claimUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('instances')
        .select('id')
        .where((w) => w.and([eligible(w), due(w)]))
        .orderBy(sql`${sql.ref(column)} nulls first`)
        .limit(claim.limit)
        .forUpdate()
        .skipLocked(),
    )
    .where((eb) => eb.and([eligible(eb), due(eb)]))
    .returningAll()
    .execute();
}
