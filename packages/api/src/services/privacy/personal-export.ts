import type { AppDeps } from '../../app-deps';
import { describeUserAgent } from '../activity/device';
import { invoiceForOwner, renderInvoicePdf } from '../billing/index';
import { getNotificationPreferences } from '../notifications/preferences';
import { archiveFileName, jsonEntry, type ArchiveEntry } from './zip-archive';

/**
 * The categories of a person's own export (issue 38): one JSON file each, and README.txt
 * explaining them. Columns are chosen one by one: never a password hash, TOTP secret, recovery
 * code, passkey key material, token or token hash, webhook secret, session token, mail body
 * (they carry sign-in and reset links) or another person's private data.
 */
export const PERSONAL_EXPORT_FILES: Record<string, string> = {
  'profile.json': 'Your profile: name, e-mail address, phone, bio, location, website, dates.',
  'sign-in-methods.json':
    'How you sign in: whether two-factor authentication is on (not its secret or recovery codes) and your passkeys (names and dates, not their keys).',
  'sessions.json':
    'Devices that signed in to your account: browser, IP address, when they started, were last active and ended.',
  'notifications.json':
    'Your notification preferences and the e-mails we sent you (subject, kind, status and dates; not the message bodies, which held one-time links).',
  'activity.json': 'Your activity log: sign-ins, security and account changes, with IP addresses.',
  'organizations.json':
    'Organizations you own and the ones you are a member of, with your role in each.',
  'tickets.json':
    'Support tickets you opened, with their messages (other people are shown by their role only) and the names of their attachments, which are in attachments/.',
  'invoices.json': 'Invoices of the organizations you own; each one is also in invoices/ as a PDF.',
  'api-tokens-and-webhooks.json':
    'Your API tokens and the webhook endpoints you created: names, scopes or events, dates (never the tokens or signing secrets).',
  'consent.json':
    'What you agreed to and when: the Terms at registration, your marketing e-mail choice. Cookie choices are kept in your browser only.',
};

function readme(productName: string, generatedAt: Date): string {
  const lines = [
    `${productName}: your data export`,
    `Generated ${generatedAt.toISOString()}`,
    '',
    'This archive holds the personal data we keep about you, as JSON files (UTF-8, dates in ISO 8601):',
    '',
    ...Object.entries(PERSONAL_EXPORT_FILES).map(([file, text]) => `${file}\n  ${text}`),
    '',
    'attachments/ and invoices/ hold the files themselves. Secrets (password hash, two-factor',
    'secret, recovery codes, passkey keys, tokens) are never exported: they only let you sign in.',
    '',
  ];
  return lines.join('\n');
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function personalExportEntries(
  deps: AppDeps,
  userId: number,
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const now = deps.clock.now();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const entries: ArchiveEntry[] = [
    {
      name: 'README.txt',
      open: async () => Buffer.from(readme(deps.config.productName, now), 'utf8'),
    },
    jsonEntry('profile.json', async () => ({
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      email_verified_at: iso(user.email_verified_at),
      phone: user.phone,
      bio: user.bio,
      location: user.location,
      website: user.website,
      has_profile_photo: Boolean(user.avatar_path),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
    })),
    jsonEntry('sign-in-methods.json', async () => {
      const passkeys = await db
        .selectFrom('passkeys')
        .select(['uuid', 'name', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const twoFactor = await db
        .selectFrom('two_factor_secrets')
        .select(['confirmed_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        password: { set: true },
        two_factor: {
          enabled: user.two_factor_enabled,
          enabled_at: iso(twoFactor?.confirmed_at ?? null),
        },
        passkeys: passkeys.map((p) => ({
          uuid: p.uuid,
          name: p.name,
          created_at: iso(p.created_at),
          last_used_at: iso(p.last_used_at),
        })),
      };
    }),
    jsonEntry('sessions.json', async () => {
      const rows = await db
        .selectFrom('sessions')
        .select([
          'uuid',
          'ip_address',
          'user_agent',
          'created_at',
          'last_active_at',
          'expires_at',
          'revoked_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((s) => ({
        uuid: s.uuid,
        device: describeUserAgent(s.user_agent).device,
        user_agent: s.user_agent,
        ip_address: s.ip_address,
        created_at: iso(s.created_at),
        last_active_at: iso(s.last_active_at),
        expires_at: iso(s.expires_at),
        ended_at: iso(s.revoked_at),
      }));
    }),
    jsonEntry('notifications.json', async () => {
      const prefs = await db
        .selectFrom('notification_preferences')
        .select(['preferences', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const mail = await db
        .selectFrom('mail_outbox')
        .select(['uuid', 'kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return {
        preferences: await getNotificationPreferences(db, userId),
        preferences_updated_at: iso(prefs?.updated_at ?? null),
        history: mail.map((m) => ({
          uuid: m.uuid,
          kind: m.kind,
          to: m.to_address,
          subject: m.subject,
          status: m.status,
          created_at: iso(m.created_at),
          sent_at: iso(m.sent_at),
        })),
      };
    }),
    jsonEntry('activity.json', async () => {
      const rows = await db
        .selectFrom('activity_events')
        .select([
          'uuid',
          'type',
          'action',
          'description',
          'severity',
          'ip_address',
          'user_agent',
          'device',
          'location',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
    }),
    jsonEntry('organizations.json', async () => {
      const owned = await db
        .selectFrom('organizations')
        .select(['uuid', 'name', 'type', 'description', 'subdomain', 'status', 'created_at'])
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const memberships = await db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select(['o.uuid', 'o.name', 'm.role', 'm.joined_at'])
        .where('m.user_id', '=', userId)
        .orderBy('o.id')
        .execute();
      return {
        owned: owned.map((o) => ({ ...o, created_at: iso(o.created_at) })),
        memberships: memberships.map((m) => ({
          organization_uuid: m.uuid,
          organization_name: m.name,
          role: m.role,
          joined_at: iso(m.joined_at),
        })),
      };
    }),
  ];

  // Tickets the person opened (never another member's), their messages and attachments.
  const tickets = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
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
            'message_id',
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
              .select(['uuid', 'ticket_id', 'author_id', 'is_staff_reply', 'message', 'created_at'])
              .where('ticket_id', 'in', ticketIds)
              .orderBy('id')
              .execute();
      return tickets.map((t) => ({
        uuid: t.uuid,
        ticket_number: t.ticket_number,
        subject: t.subject,
        description: t.description,
        category: t.category,
        priority: t.priority,
        status: t.status,
        created_at: iso(t.created_at),
        updated_at: iso(t.updated_at),
        messages: messages
          .filter((m) => m.ticket_id === t.id)
          .map((m) => ({
            uuid: m.uuid,
            from: m.author_id === userId ? 'you' : m.is_staff_reply ? 'support' : 'another member',
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
            created_at: iso(a.created_at),
          })),
      }));
    }),
  );
  for (const a of attachments) {
    entries.push({
      name: attachmentPath(a),
      open: async () => (await deps.storage.openRead(a.storage_key))?.stream ?? Buffer.alloc(0),
    });
  }

  // Invoices of the organizations the person owns, as data and as the PDFs.
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
    .select([
      'invoices.uuid',
      'invoices.number',
      'invoices.description',
      'invoices.status',
      'invoices.total_pence',
      'invoices.currency',
      'invoices.period_start',
      'invoices.period_end',
      'invoices.paid_at',
      'invoices.created_at',
      'organizations.name as organization_name',
    ])
    .where('organizations.owner_id', '=', userId)
    .orderBy('invoices.id')
    .execute();
  const invoicePath = (number: string) => `invoices/invoice-${archiveFileName(number)}.pdf`;
  entries.push(
    jsonEntry('invoices.json', async () =>
      invoices.map((i) => ({
        uuid: i.uuid,
        number: i.number,
        organization: i.organization_name,
        description: i.description,
        status: i.status,
        total_pence: i.total_pence,
        currency: i.currency,
        period_start: iso(i.period_start),
        period_end: iso(i.period_end),
        paid_at: iso(i.paid_at),
        created_at: iso(i.created_at),
        file: invoicePath(i.number),
      })),
    ),
  );
  for (const i of invoices) {
    entries.push({
      name: invoicePath(i.number),
      open: async () =>
        renderInvoicePdf(await invoiceForOwner(deps, userId, i.uuid), deps.config.productName),
    });
  }

  entries.push(
    jsonEntry('api-tokens-and-webhooks.json', async () => {
      const tokens = await db
        .selectFrom('api_tokens')
        .select([
          'uuid',
          'name',
          'scopes',
          'created_at',
          'expires_at',
          'last_used_at',
          'revoked_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const webhooks = await db
        .selectFrom('webhook_endpoints as w')
        .innerJoin('organizations as o', 'o.id', 'w.organization_id')
        .select([
          'w.uuid',
          'w.url',
          'w.description',
          'w.events',
          'w.enabled',
          'w.created_at',
          'o.name as organization_name',
        ])
        .where('w.created_by', '=', userId)
        .orderBy('w.id')
        .execute();
      return {
        api_tokens: tokens.map((t) => ({
          uuid: t.uuid,
          name: t.name,
          scopes: t.scopes,
          created_at: iso(t.created_at),
          expires_at: iso(t.expires_at),
          last_used_at: iso(t.last_used_at),
          revoked_at: iso(t.revoked_at),
        })),
        webhooks: webhooks.map((w) => ({
          uuid: w.uuid,
          organization: w.organization_name,
          url: w.url,
          description: w.description,
          events: w.events,
          enabled: w.enabled,
          created_at: iso(w.created_at),
        })),
      };
    }),
    jsonEntry('consent.json', async () => {
      const prefs = await getNotificationPreferences(db, userId);
      const row = await db
        .selectFrom('notification_preferences')
        .select('updated_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        registered_at: iso(user.created_at),
        terms:
          'The Terms of Service and Privacy Policy were accepted when the account was registered.',
        marketing_email: prefs.email.marketing,
        marketing_email_updated_at: iso(row?.updated_at ?? null),
        cookies: 'Cookie choices are stored in your browser only (the cookie_consent cookie).',
      };
    }),
  );
  return entries;
}
