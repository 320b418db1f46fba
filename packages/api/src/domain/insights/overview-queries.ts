import { sql } from 'kysely';
import type {
  InstanceStatus,
  OrganizationRole,
  OrganizationStatus,
  SslStatus,
  SubscriptionStatus,
} from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';

/**
 * The SQL behind the dashboard home (issue 23): a handful of aggregates over the organizations a
 * user belongs to (organization_members (user_id, organization_id)), their live instances
 * (instances (organization_id)), and the user's own tickets (support_tickets (user_id, …)) with
 * the latest message of each open one (support_ticket_messages (ticket_id, created_at)).
 */
type Db = AppDeps['db'];

/** How many of the user's organizations, instances with a problem and staff replies are listed. */
export const LIST_LIMIT = 50;

export async function organizationCounts(db: Db, userId: number) {
  const rows = await db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .where('organization_members.user_id', '=', userId)
    .select(['organizations.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('organizations.status')
    .execute();
  const counts: Record<Exclude<OrganizationStatus, 'closed'>, number> = {
    pending: 0,
    active: 0,
    inactive: 0,
    closing: 0,
  };
  // A closed (purged) organization has no members left, so it never appears here.
  for (const row of rows) if (row.status !== 'closed') counts[row.status] = Number(row.n);
  return counts;
}

export type InstanceCounts = {
  by_status: Record<Exclude<InstanceStatus, 'terminated'>, number>;
  /** Active instances by their latest health check; `unchecked` = none yet. */
  by_health: { healthy: number; unhealthy: number; unchecked: number };
};

export async function instanceCounts(db: Db, userId: number): Promise<InstanceCounts> {
  const result = await sql<Record<string, string>>`
    SELECT
      count(*) FILTER (WHERE i.status = 'pending') AS pending,
      count(*) FILTER (WHERE i.status = 'provisioning') AS provisioning,
      count(*) FILTER (WHERE i.status = 'active') AS active,
      count(*) FILTER (WHERE i.status = 'suspended') AS suspended,
      count(*) FILTER (WHERE i.status = 'active' AND i.last_health_status = 'healthy') AS healthy,
      count(*) FILTER (WHERE i.status = 'active' AND i.last_health_status = 'unhealthy') AS unhealthy,
      count(*) FILTER (WHERE i.status = 'active' AND i.last_health_status IS NULL) AS unchecked
    FROM organization_members m
    JOIN instances i ON i.organization_id = m.organization_id
    WHERE m.user_id = ${userId} AND i.status <> 'terminated'`.execute(db);
  const c = result.rows[0] ?? {};
  const n = (key: string) => Number(c[key] ?? 0);
  return {
    by_status: {
      pending: n('pending'),
      provisioning: n('provisioning'),
      active: n('active'),
      suspended: n('suspended'),
    },
    by_health: { healthy: n('healthy'), unhealthy: n('unhealthy'), unchecked: n('unchecked') },
  };
}

export type ProblemInstance = {
  uuid: string;
  name: string;
  status: InstanceStatus;
  last_health_status: string | null;
  last_health_check: Date | null;
  ssl_status: SslStatus;
  ssl_expires_at: Date | null;
  ssl_reason: string | null;
  organization_name: string;
};

/** Live instances that are unhealthy, suspended, or whose certificate is expiring, expired or failed. */
export async function problemInstances(db: Db, userId: number): Promise<ProblemInstance[]> {
  return db
    .selectFrom('organization_members')
    .innerJoin('instances', 'instances.organization_id', 'organization_members.organization_id')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .where('organization_members.user_id', '=', userId)
    .where('instances.status', '!=', 'terminated')
    .where((eb) =>
      eb.or([
        eb('instances.status', '=', 'suspended'),
        eb.and([
          eb('instances.status', '=', 'active'),
          eb('instances.last_health_status', '=', 'unhealthy'),
        ]),
        eb('instances.ssl_status', 'in', ['expiring', 'expired', 'failed']),
      ]),
    )
    .select([
      'instances.uuid',
      'instances.name',
      'instances.status',
      'instances.last_health_status',
      'instances.last_health_check',
      'instances.ssl_status',
      'instances.ssl_expires_at',
      'instances.ssl_reason',
      'organizations.name as organization_name',
    ])
    .orderBy('instances.created_at', 'desc')
    .orderBy('instances.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export type OrganizationBillingRow = {
  uuid: string;
  name: string;
  status: OrganizationStatus;
  role: OrganizationRole;
  subscription_status: SubscriptionStatus | null;
  plan_type: 'basic' | 'unlimited' | null;
  additional_venues: number | null;
  current_period_end: Date | null;
  past_due_since: Date | null;
  service_ends_at: Date | null;
  credit_pence: number | null;
};

/** Each of the user's organizations (newest first) with its subscription, if any (one per organization). */
export async function organizationsWithSubscription(
  db: Db,
  userId: number,
): Promise<OrganizationBillingRow[]> {
  return db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .leftJoin('subscriptions', 'subscriptions.organization_id', 'organizations.id')
    .where('organization_members.user_id', '=', userId)
    .select([
      'organizations.uuid',
      'organizations.name',
      'organizations.status',
      'organization_members.role',
      'subscriptions.status as subscription_status',
      'subscriptions.plan_type',
      'subscriptions.additional_venues',
      'subscriptions.current_period_end',
      'subscriptions.past_due_since',
      'subscriptions.service_ends_at',
      'subscriptions.credit_pence',
    ])
    .orderBy('organizations.created_at', 'desc')
    .orderBy('organizations.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export type TicketFigures = {
  open: number;
  /** Open tickets whose latest message is a staff reply, most recent reply first. */
  awaiting: Array<{ uuid: string; ticket_number: string; subject: string; replied_at: Date }>;
  awaiting_count: number;
};

/**
 * The user's open tickets (open or in progress), and those among them whose latest message is a
 * staff reply, in one statement: the count row always comes back, joined to up to LIST_LIMIT
 * awaiting tickets.
 */
export async function ticketFigures(db: Db, userId: number): Promise<TicketFigures> {
  const result = await sql<{
    open_count: string;
    awaiting_count: string;
    uuid: string | null;
    ticket_number: string | null;
    subject: string | null;
    replied_at: Date | null;
  }>`
    WITH open_tickets AS (
      SELECT t.uuid, t.ticket_number, t.subject, last.is_staff_reply, last.created_at AS replied_at
      FROM support_tickets t
      LEFT JOIN LATERAL (
        SELECT is_staff_reply, created_at FROM support_ticket_messages
        WHERE ticket_id = t.id ORDER BY created_at DESC, id DESC LIMIT 1
      ) last ON true
      WHERE t.user_id = ${userId} AND t.status IN ('open', 'in_progress')
    ), counts AS (
      SELECT count(*) AS open_count, count(*) FILTER (WHERE is_staff_reply) AS awaiting_count
      FROM open_tickets
    )
    SELECT counts.open_count, counts.awaiting_count, a.uuid, a.ticket_number, a.subject, a.replied_at
    FROM counts LEFT JOIN LATERAL (
      SELECT uuid, ticket_number, subject, replied_at FROM open_tickets
      WHERE is_staff_reply ORDER BY replied_at DESC LIMIT ${LIST_LIMIT}
    ) a ON true`.execute(db);
  const first = result.rows[0];
  return {
    open: Number(first?.open_count ?? 0),
    awaiting_count: Number(first?.awaiting_count ?? 0),
    awaiting: result.rows
      .filter((r) => r.uuid !== null)
      .map((r) => ({
        uuid: r.uuid!,
        ticket_number: r.ticket_number!,
        subject: r.subject!,
        replied_at: new Date(r.replied_at!),
      })),
  };
}
