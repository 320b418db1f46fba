import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';
import { toIso } from '../../core/iso-date';
import { recordActivity } from '../activity';
import { INSTANCE_SUMMARY_COLUMNS, instanceSummary } from './instance-summary';
import { afterCursor, prefixRange, staffListPage, type StaffListInput } from './search';
import type { StaffCustomerDetail, StaffCustomerSummary, StaffPage } from './staff-schema';

/** How many organizations a customers-list row shows (with the total beside them). */
const ORGANIZATIONS_PER_ROW = 5;

/** The users of `ids` with up to five of the organizations they own (newest first) and the count. */
async function customersWithOrganizations(deps: Pick<AppDeps, 'db'>, ids: number[]) {
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'uuid', 'name', 'email', 'email_verified_at', 'created_at'])
    .where('id', 'in', ids)
    .execute();
  const organizations = await sql<{
    owner_id: number;
    total: string;
    uuid: string | null;
    name: string | null;
    status: string | null;
    plan_type: string | null;
    subscription_status: string | null;
  }>`
    SELECT u.id AS owner_id, t.total, o.uuid, o.name, o.status, s.plan_type, s.status AS subscription_status
    FROM unnest(${ids}::int[]) AS u(id)
    CROSS JOIN LATERAL (SELECT count(*) AS total FROM organizations WHERE owner_id = u.id) t
    LEFT JOIN LATERAL (
      SELECT id, uuid, name, status, created_at FROM organizations WHERE owner_id = u.id
      ORDER BY created_at DESC LIMIT ${ORGANIZATIONS_PER_ROW}
    ) o ON true
    LEFT JOIN subscriptions s ON s.organization_id = o.id
    ORDER BY u.id, o.created_at DESC`.execute(deps.db);
  return users.map((user) => ({
    ...user,
    own: organizations.rows.filter((o) => o.owner_id === user.id),
  }));
}

/**
 * Customers with the organizations they own, for support staff, a page at a time. No search:
 * newest first by id. A search matches the start of
 * the e-mail address, the name or an owned organization's name; each customer appears once,
 * under the first of those that matches (e-mail, then name, then their first matching
 * organization), ordered by the matched text and id.
 */
export async function listCustomersForStaff(
  deps: Pick<AppDeps, 'db'>,
  input: StaffListInput,
): Promise<StaffPage<StaffCustomerSummary>> {
  return staffListPage(deps.db, input, {
    newest: deps.db.selectFrom('users').select('id').where('is_staff', '=', false),
    matching: (q, cursor, take) => sql`
      (SELECT u.id, lower(u.email) COLLATE "C" AS k FROM users u
        WHERE ${prefixRange('u.email', q)} AND NOT u.is_staff AND ${afterCursor('u.email', 'u.id', cursor)}
        ORDER BY lower(u.email) COLLATE "C", u.id LIMIT ${take})
      UNION ALL
      (SELECT u.id, lower(u.name) COLLATE "C" AS k FROM users u
        WHERE ${prefixRange('u.name', q)} AND NOT u.is_staff AND NOT ${prefixRange('u.email', q)}
          AND ${afterCursor('u.name', 'u.id', cursor)}
        ORDER BY lower(u.name) COLLATE "C", u.id LIMIT ${take})
      UNION ALL
      (SELECT o.owner_id AS id, lower(o.name) COLLATE "C" AS k FROM organizations o
        JOIN users u ON u.id = o.owner_id
        WHERE ${prefixRange('o.name', q)} AND ${afterCursor('o.name', 'o.owner_id', cursor)}
          AND NOT u.is_staff AND NOT ${prefixRange('u.email', q)} AND NOT ${prefixRange('u.name', q)}
          AND NOT EXISTS (SELECT 1 FROM organizations o2 WHERE o2.owner_id = o.owner_id
            AND ${prefixRange('o2.name', q)}
            AND (lower(o2.name) COLLATE "C", o2.id) < (lower(o.name) COLLATE "C", o.id))
        ORDER BY lower(o.name) COLLATE "C", o.owner_id LIMIT ${take})`,
    load: (ids) => customersWithOrganizations(deps, ids),
    toItem: (user) => ({
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      email_verified: user.email_verified_at !== null,
      created_at: toIso(user.created_at) ?? '',
      organizations_total: Number(user.own[0]?.total ?? 0),
      organizations: user.own
        .filter((o) => o.uuid !== null)
        .map((o) => ({
          uuid: o.uuid ?? '',
          name: o.name ?? '',
          status: o.status ?? '',
          plan: o.plan_type,
          subscription_status: o.subscription_status,
        })),
    }),
  });
}

/**
 * What the customer sees, read-only, for support staff: the profile basics, their organizations
 * (with role and subscription), those organizations' instances and their tickets. Every view is
 * written to the customer's own activity log ("Account viewed by support staff").
 */
export async function customerForStaff(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  req: ClientInfo,
  uuid: string,
): Promise<StaffCustomerDetail> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', 'Customer not found.');
  const user = await deps.db
    .selectFrom('users')
    .select([
      'id',
      'uuid',
      'name',
      'email',
      'email_verified_at',
      'two_factor_enabled',
      'phone',
      'location',
      'created_at',
    ])
    .where('uuid', '=', uuid)
    .where('is_staff', '=', false)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Customer not found.');

  const organizations = await deps.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('subscriptions as s', 's.organization_id', 'o.id')
    .select([
      'o.id',
      'o.uuid',
      'o.name',
      'o.type',
      'o.status',
      'o.subdomain',
      'o.created_at',
      'm.role',
      's.plan_type',
      's.status as subscription_status',
      's.additional_venues',
      's.current_period_end',
      's.past_due_since',
    ])
    .where('m.user_id', '=', user.id)
    .orderBy('o.created_at', 'desc')
    .limit(100)
    .execute();
  const orgIds = organizations.map((o) => o.id);
  const instances =
    orgIds.length === 0
      ? []
      : await deps.db
          .selectFrom('instances')
          .select([...INSTANCE_SUMMARY_COLUMNS, 'organization_id'])
          .where('organization_id', 'in', orgIds)
          .orderBy('created_at', 'desc')
          .limit(100)
          .execute();
  const ticketCounts = await deps.db
    .selectFrom('support_tickets')
    .select(['status', sql<string>`count(*)`.as('n')])
    .where('user_id', '=', user.id)
    .groupBy('status')
    .execute();
  const recentTickets = await deps.db
    .selectFrom('support_tickets')
    .select(['uuid', 'ticket_number', 'subject', 'status', 'priority', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();

  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'staff.viewed',
    description: 'Account viewed by support staff',
  });

  const orgUuid = new Map(organizations.map((o) => [o.id, o]));
  const ticketCount = (status: string) =>
    Number(ticketCounts.find((t) => t.status === status)?.n ?? 0);
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    two_factor_enabled: user.two_factor_enabled,
    phone: user.phone,
    location: user.location,
    created_at: toIso(user.created_at) ?? '',
    organizations: organizations.map((o) => ({
      uuid: o.uuid,
      name: o.name,
      type: o.type,
      status: o.status,
      subdomain: o.subdomain,
      role: o.role,
      created_at: toIso(o.created_at) ?? '',
      subscription: o.plan_type
        ? {
            plan: o.plan_type,
            status: o.subscription_status ?? '',
            additional_venues: o.additional_venues ?? 0,
            current_period_end: toIso(o.current_period_end),
            past_due_since: toIso(o.past_due_since),
          }
        : null,
    })),
    instances: instances.map((i) => ({
      ...instanceSummary(i),
      organization: {
        uuid: orgUuid.get(i.organization_id)?.uuid ?? '',
        name: orgUuid.get(i.organization_id)?.name ?? '',
      },
    })),
    tickets: {
      open: ticketCount('open'),
      in_progress: ticketCount('in_progress'),
      resolved: ticketCount('resolved'),
      closed: ticketCount('closed'),
      recent: recentTickets.map((t) => ({
        uuid: t.uuid,
        ticket_number: t.ticket_number,
        subject: t.subject,
        status: t.status,
        priority: t.priority,
        created_at: toIso(t.created_at) ?? '',
      })),
    },
  };
}
