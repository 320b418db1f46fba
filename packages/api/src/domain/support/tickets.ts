import { SUPPORT_TEXTS } from '../../contracts/support';
import { type CreateTicketInput } from '../../contracts/support-schemas';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordActivity } from '../activity';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { attachmentStorageKey, type CheckedFile } from './attachments';
import { notifyCustomerReply, notifyNewTicket } from './notify';
import { appendTicketMessage } from './ticket-messages';
import {
  findTicket,
  isUuid,
  type UserRow,
  assertAcceptsReplies,
  getTicketForUser,
} from './ticket-read-model';
import type { TicketDetailOutput } from './ticket-schema';

/** The customer side of the desk: opening tickets and replying. */
export const TICKETS_PER_HOUR = 10;

/**
 * The organization a new ticket is about: required when the user belongs to any organization,
 * and only one they are a member of (another's answers exactly like one that does not exist).
 */
async function ticketOrganization(
  deps: AppDeps,
  userId: number,
  organizationUuid: string | null | undefined,
): Promise<number | null> {
  if (!organizationUuid) {
    const membership = await deps.db
      .selectFrom('organization_members')
      .select('organization_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (!membership) return null;
    throw new AppError('VALIDATION_ERROR', SUPPORT_TEXTS.organizationRequired, {
      errors: { organization_uuid: [SUPPORT_TEXTS.organizationRequired] },
    });
  }
  const org = isUuid(organizationUuid)
    ? await deps.db
        .selectFrom('organizations')
        .innerJoin(
          'organization_members',
          'organization_members.organization_id',
          'organizations.id',
        )
        .select('organizations.id')
        .where('organizations.uuid', '=', organizationUuid)
        .where('organization_members.user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!org) {
    throw new AppError('NOT_FOUND', SUPPORT_TEXTS.organizationNotFound, {
      errors: { organization_uuid: [SUPPORT_TEXTS.organizationNotFound] },
    });
  }
  return org.id;
}

/** Opens a ticket (with already-checked attachments); mails the support address. */
export async function createTicket(
  deps: AppDeps,
  req: ClientInfo | null,
  user: UserRow,
  input: CreateTicketInput,
  files: CheckedFile[] = [],
): Promise<TicketDetailOutput> {
  const organizationId = await ticketOrganization(deps, user.id, input.organization_uuid);
  await enforceRateLimit(
    deps.rateLimiter,
    `support:create:${user.id}`,
    TICKETS_PER_HOUR,
    3600,
    (s) =>
      `You have opened too many tickets recently. Please try again in ${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? '' : 's'}.`,
  );
  const now = deps.clock.now();
  const storedKeys: string[] = [];
  let ticketUuid: string;
  try {
    ticketUuid = await deps.db.transaction().execute(async (trx) => {
      const ticket = await trx
        .insertInto('support_tickets')
        .values({
          user_id: user.id,
          organization_id: organizationId,
          subject: input.subject,
          description: input.description,
          category: input.category,
          priority: input.priority ?? 'medium',
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'uuid', 'ticket_number'])
        .executeTakeFirstOrThrow();
      for (const file of files) {
        const key = attachmentStorageKey(ticket.uuid, file.ext);
        await deps.storage.put(key, file.bytes);
        storedKeys.push(key);
        await trx
          .insertInto('support_attachments')
          .values({
            ticket_id: ticket.id,
            message_id: null,
            storage_key: key,
            original_name: file.name,
            content_type: file.contentType,
            size: file.bytes.length,
            created_at: now,
          })
          .execute();
      }
      await recordActivity(
        deps,
        req,
        {
          userId: user.id,
          type: 'settings',
          action: 'ticket.opened',
          description: `Opened support ticket ${ticket.ticket_number}: "${input.subject}"`,
          severity: 'info',
        },
        trx,
      );
      await notifyNewTicket(deps, trx, {
        ticketNumber: ticket.ticket_number,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority ?? 'medium',
        customer: user,
        attachmentCount: files.length,
      });
      return ticket.uuid;
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return getTicketForUser(deps, user.id, ticketUuid);
}

/** A customer's reply; a resolved ticket reopens. Mails the support address. */
export async function addCustomerMessage(
  deps: AppDeps,
  user: UserRow,
  uuid: string,
  message: string,
): Promise<TicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, user.id);
  assertAcceptsReplies(row.status);
  await enforceRateLimit(deps.rateLimiter, `support:message:${user.id}`, 60, 3600);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await appendTicketMessage(
      trx,
      row.id,
      { authorId: user.id, isStaffReply: false, message, reopen: row.status === 'resolved' },
      now,
    );
    await notifyCustomerReply(deps, trx, {
      ticketNumber: row.ticket_number,
      subject: row.subject,
      customer: user,
      message,
      reopened: row.status === 'resolved',
    });
  });
  return getTicketForUser(deps, user.id, uuid);
}

// ---------------------------------------------------------------- staff side
