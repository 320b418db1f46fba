import type { AppDeps } from '../../../app-deps';
import { iso } from '../personal-export/iso';
import { archiveFileName, jsonEntry, type ArchiveEntry } from '../zip-archive';

/**
 * The categories of an organization's export (issue 38), one JSON file each, explained in
 * README.txt. Columns are chosen one by one: never a password hash, TOTP secret, token or token
 * hash, invitation token, webhook or SSO secret, session, DNS challenge value or e-mail body.
 */
export const ORGANIZATION_EXPORT_FILES: Record<string, string> = {
  'organization.json': 'The organization: name, type, description, subdomain, status and dates.',
  'members.json':
    'Members with their roles and when they joined, and the invitations sent (address, role, status, dates).',
  'instances.json':
    'Instances (portals) with their hosts, custom domains and certificate status, and their health history: daily figures and the individual checks kept (90 days).',
  'branding.json':
    'Branding of the organization and of each instance: colours, texts, front pages; the logo and favicon files are in branding/.',
  'tickets.json':
    'Support tickets filed for the organization, with their messages and the names of their attachments, which are in attachments/.',
  'billing.json':
    'The subscription (plan, status, periods, billing details) and every invoice with its lines.',
  'activity.json':
    'The organization’s event log (the events its webhooks are sent) and its members’ activity on the organization (what was changed, by whom and when).',
  'webhooks.json':
    'Webhook endpoints (address, events, state; never their signing secrets) and their recent deliveries.',
  'domains-and-sso.json':
    'Verified e-mail domains and single sign-on connections (settings only; never client secrets).',
};

export function organizationReadme(productName: string, name: string, at: Date): string {
  return [
    `${productName}: data export of the organization "${name}"`,
    `Generated ${at.toISOString()}`,
    '',
    'This archive holds the data we keep about the organization, as JSON files (UTF-8, dates in ISO 8601):',
    '',
    ...Object.entries(ORGANIZATION_EXPORT_FILES).map(([file, text]) => `${file}\n  ${text}`),
    '',
    'branding/ and attachments/ hold the files themselves. Secrets (passwords, two-factor secrets,',
    'tokens, webhook signing secrets, SSO client secrets) are never exported.',
    '',
  ].join('\n');
}

const fileOf = (deps: AppDeps, key: string) => async () =>
  (await deps.storage.openRead(key))?.stream ?? Buffer.alloc(0);

/** Every entry of an organization's export, README.txt first. */
export async function organizationExportEntries(
  deps: AppDeps,
  organizationId: number,
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const instances = await db
    .selectFrom('instances')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  const instanceIds = instances.map((i) => i.id);
  const instanceUuid = new Map(instances.map((i) => [i.id, i.uuid]));
  const entries: ArchiveEntry[] = [
    {
      name: 'README.txt',
      open: async () =>
        Buffer.from(
          organizationReadme(deps.config.productName, org.name, deps.clock.now()),
          'utf8',
        ),
    },
    jsonEntry('organization.json', async () => ({
      uuid: org.uuid,
      name: org.name,
      type: org.type,
      description: org.description,
      subdomain: org.subdomain,
      status: org.status,
      closing_at: iso(org.closing_at),
      purge_at: iso(org.purge_at),
      created_at: iso(org.created_at),
      updated_at: iso(org.updated_at),
    })),
    jsonEntry('members.json', async () => {
      const members = await db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .select([
          'users.uuid',
          'users.name',
          'users.email',
          'organization_members.role',
          'organization_members.joined_at',
        ])
        .where('organization_members.organization_id', '=', organizationId)
        .orderBy('organization_members.joined_at')
        .execute();
      const invitations = await db
        .selectFrom('organization_invitations')
        .leftJoin('users', 'users.id', 'organization_invitations.invited_by')
        .select([
          'organization_invitations.uuid',
          'organization_invitations.email',
          'organization_invitations.role',
          'users.name as invited_by',
          'organization_invitations.created_at',
          'organization_invitations.expires_at',
          'organization_invitations.accepted_at',
          'organization_invitations.declined_at',
          'organization_invitations.revoked_at',
        ])
        .where('organization_invitations.organization_id', '=', organizationId)
        .orderBy('organization_invitations.id')
        .execute();
      return {
        members: members.map((m) => ({ ...m, joined_at: iso(m.joined_at) })),
        invitations: invitations.map((i) => ({
          ...i,
          created_at: iso(i.created_at),
          expires_at: iso(i.expires_at),
          accepted_at: iso(i.accepted_at),
          declined_at: iso(i.declined_at),
          revoked_at: iso(i.revoked_at),
        })),
      };
    }),
    jsonEntry('instances.json', async () => {
      const days =
        instanceIds.length === 0
          ? []
          : await db
              .selectFrom('instance_health_days')
              .selectAll()
              .where('instance_id', 'in', instanceIds)
              .execute();
      const checks =
        instanceIds.length === 0
          ? []
          : await db
              .selectFrom('instance_health_checks')
              .select([
                'instance_id',
                'checked_at',
                'healthy',
                'status_code',
                'response_ms',
                'detail',
              ])
              .where('instance_id', 'in', instanceIds)
              .orderBy('checked_at')
              .execute();
      return instances.map((i) => ({
        uuid: i.uuid,
        name: i.name,
        prefix: i.prefix,
        host: i.host,
        status: i.status,
        custom_domain: i.custom_domain,
        custom_domain_status: i.custom_domain_status,
        custom_domain_verified_at: iso(i.custom_domain_verified_at),
        ssl_status: i.ssl_status,
        ssl_issuer: i.ssl_issuer,
        ssl_expires_at: iso(i.ssl_expires_at),
        provisioned_at: iso(i.provisioned_at),
        terminated_at: iso(i.terminated_at),
        created_at: iso(i.created_at),
        health_days: days
          .filter((d) => d.instance_id === i.id)
          .map(({ instance_id: _id, ...d }) => d),
        health_checks: checks
          .filter((c) => c.instance_id === i.id)
          .map(({ instance_id: _id, ...c }) => ({ ...c, checked_at: iso(c.checked_at) })),
      }));
    }),
  ];

  const brandings = await db
    .selectFrom('brandings')
    .selectAll()
    .where((eb) =>
      instanceIds.length === 0
        ? eb('organization_id', '=', organizationId)
        : eb.or([eb('organization_id', '=', organizationId), eb('instance_id', 'in', instanceIds)]),
    )
    .orderBy('id')
    .execute();
  const brandingFile = (key: string) => `branding/${archiveFileName(key.split('/').pop() ?? key)}`;
  entries.push(
    jsonEntry('branding.json', async () =>
      brandings.map(({ id: _id, organization_id, instance_id, logo_path, favicon_path, ...b }) => ({
        of:
          organization_id !== null ? 'organization' : `instance ${instanceUuid.get(instance_id!)}`,
        ...b,
        logo: logo_path ? brandingFile(logo_path) : null,
        favicon: favicon_path ? brandingFile(favicon_path) : null,
      })),
    ),
  );
  for (const b of brandings) {
    for (const key of [b.logo_path, b.favicon_path]) {
      if (key) entries.push({ name: brandingFile(key), open: fileOf(deps, key) });
    }
  }

  const tickets = await db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .selectAll('support_tickets')
    .select('users.name as opened_by')
    .where('support_tickets.organization_id', '=', organizationId)
    .orderBy('support_tickets.id')
    .execute();
  const ticketIds = tickets.map((t) => t.id);
  const attachments =
    ticketIds.length === 0
      ? []
      : await db
          .selectFrom('support_attachments')
          .select([
            'uuid',
            'ticket_id',
            'storage_key',
            'original_name',
            'content_type',
            'size',
            'created_at',
          ])
          .where('ticket_id', 'in', ticketIds)
          .orderBy('id')
          .execute();
  const attachmentPath = (a: (typeof attachments)[number]) =>
    `attachments/${a.uuid}-${archiveFileName(a.original_name)}`;
  entries.push(
    jsonEntry('tickets.json', async () => {
      const messages =
        ticketIds.length === 0
          ? []
          : await db
              .selectFrom('support_ticket_messages')
              .leftJoin('users', 'users.id', 'support_ticket_messages.author_id')
              .select([
                'support_ticket_messages.ticket_id',
                'support_ticket_messages.uuid',
                'support_ticket_messages.is_staff_reply',
                'support_ticket_messages.message',
                'support_ticket_messages.created_at',
                'users.name as author',
              ])
              .where('support_ticket_messages.ticket_id', 'in', ticketIds)
              .orderBy('support_ticket_messages.id')
              .execute();
      return tickets.map((t) => ({
        uuid: t.uuid,
        ticket_number: t.ticket_number,
        opened_by: t.opened_by,
        subject: t.subject,
        description: t.description,
        category: t.category,
        priority: t.priority,
        status: t.status,
        created_at: iso(t.created_at),
        messages: messages
          .filter((m) => m.ticket_id === t.id)
          .map((m) => ({
            uuid: m.uuid,
            from: m.is_staff_reply ? 'support' : (m.author ?? 'Deleted user'),
            message: m.message,
            created_at: iso(m.created_at),
          })),
        attachments: attachments
          .filter((a) => a.ticket_id === t.id)
          .map((a) => ({
            name: a.original_name,
            content_type: a.content_type,
            size: a.size,
            file: attachmentPath(a),
          })),
      }));
    }),
  );
  for (const a of attachments)
    entries.push({ name: attachmentPath(a), open: fileOf(deps, a.storage_key) });

  entries.push(
    jsonEntry('billing.json', async () => {
      const sub = await db
        .selectFrom('subscriptions')
        .select([
          'uuid',
          'plan_type',
          'additional_venues',
          'status',
          'payment_type',
          'current_period_start',
          'current_period_end',
          'cancelled_at',
          'service_ends_at',
          'billing_details',
          'created_at',
        ])
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      const invoices = await db
        .selectFrom('invoices')
        .select([
          'id',
          'uuid',
          'number',
          'description',
          'status',
          'total_pence',
          'currency',
          'billing_details',
          'period_start',
          'period_end',
          'paid_at',
          'created_at',
        ])
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      const lines =
        invoices.length === 0
          ? []
          : await db
              .selectFrom('invoice_lines')
              .select([
                'invoice_id',
                'description',
                'quantity',
                'unit_amount_pence',
                'amount_pence',
              ])
              .where(
                'invoice_id',
                'in',
                invoices.map((i) => i.id),
              )
              .orderBy('id')
              .execute();
      return {
        subscription: sub
          ? {
              ...sub,
              current_period_start: iso(sub.current_period_start),
              current_period_end: iso(sub.current_period_end),
              cancelled_at: iso(sub.cancelled_at),
              service_ends_at: iso(sub.service_ends_at),
              created_at: iso(sub.created_at),
            }
          : null,
        invoices: invoices.map(({ id, ...i }) => ({
          ...i,
          period_start: iso(i.period_start),
          period_end: iso(i.period_end),
          paid_at: iso(i.paid_at),
          created_at: iso(i.created_at),
          lines: lines.filter((l) => l.invoice_id === id).map(({ invoice_id: _i, ...l }) => l),
        })),
      };
    }),
    jsonEntry('activity.json', async () => {
      const events = await db
        .selectFrom('webhook_events')
        .select(['message_id', 'type', 'object_uuid', 'data', 'created_at'])
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      // Members' activity on this organization: its name or an instance's, quoted as the log writes them.
      const names = [org.name, ...instances.map((i) => i.name)].map(
        (n) => `%"${n.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`,
      );
      const activity = await db
        .selectFrom('activity_events')
        .innerJoin('organization_members', (join) =>
          join
            .onRef('organization_members.user_id', '=', 'activity_events.user_id')
            .on('organization_members.organization_id', '=', organizationId),
        )
        .innerJoin('users', 'users.id', 'activity_events.user_id')
        .select([
          'users.name as by',
          'activity_events.action',
          'activity_events.description',
          'activity_events.created_at',
        ])
        .where('activity_events.type', '=', 'organization')
        .where((eb) => eb.or(names.map((n) => eb('activity_events.description', 'like', n))))
        .orderBy('activity_events.id')
        .execute();
      return {
        events: events.map((e) => ({ ...e, created_at: iso(e.created_at) })),
        member_activity: activity.map((a) => ({ ...a, created_at: iso(a.created_at) })),
      };
    }),
    jsonEntry('webhooks.json', async () => {
      const endpoints = await db
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          'uuid',
          'url',
          'description',
          'events',
          'enabled',
          'disabled_reason',
          'failing_since',
          'retired_at',
          'created_at',
        ])
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      const deliveries =
        endpoints.length === 0
          ? []
          : await db
              .selectFrom('webhook_deliveries')
              .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
              .select([
                'webhook_deliveries.endpoint_id',
                'webhook_deliveries.uuid',
                'webhook_events.type as event',
                'webhook_deliveries.status',
                'webhook_deliveries.attempts',
                'webhook_deliveries.response_status',
                'webhook_deliveries.duration_ms',
                'webhook_deliveries.error',
                'webhook_deliveries.last_attempt_at',
                'webhook_deliveries.created_at',
              ])
              .where(
                'webhook_deliveries.endpoint_id',
                'in',
                endpoints.map((e) => e.id),
              )
              .orderBy('webhook_deliveries.id')
              .execute();
      return endpoints.map(({ id, ...e }) => ({
        ...e,
        failing_since: iso(e.failing_since),
        retired_at: iso(e.retired_at),
        created_at: iso(e.created_at),
        deliveries: deliveries
          .filter((d) => d.endpoint_id === id)
          .map(({ endpoint_id: _e, ...d }) => ({
            ...d,
            last_attempt_at: iso(d.last_attempt_at),
            created_at: iso(d.created_at),
          })),
      }));
    }),
    jsonEntry('domains-and-sso.json', async () => {
      const domains = await db
        .selectFrom('organization_domains')
        .select(['uuid', 'domain', 'status', 'verified_at', 'created_at'])
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      const connections = await db
        .selectFrom('sso_connections')
        .select([
          'uuid',
          'type',
          'display_name',
          'preset',
          'issuer',
          'client_id',
          'entra_tenant_id',
          'saml_idp_metadata_url',
          'default_role',
          'group_mappings',
          'tested_at',
          'created_at',
        ])
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
      return {
        domains: domains.map((d) => ({
          ...d,
          verified_at: iso(d.verified_at),
          created_at: iso(d.created_at),
        })),
        sso_connections: connections.map((c) => ({
          ...c,
          tested_at: iso(c.tested_at),
          created_at: iso(c.created_at),
        })),
      };
    }),
  );
  return entries;
}
