import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from '../../contracts/support';
import type { AppDeps } from '../../core/app-deps';
import { renderEmail } from '../../core/mail/render-email';

type Person = { id: number; name: string; email: string };

const excerpt = (text: string, max = 2000) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** An e-mail to the support desk's address with a link to the staff console. */
async function mailSupportDesk(
  deps: AppDeps,
  db: Kysely<Database>,
  mail: { title: string; paragraphs: string[]; subject: string; kind: string },
): Promise<void> {
  const { html, text } = renderEmail(
    {
      title: mail.title,
      paragraphs: mail.paragraphs,
      action: {
        label: 'Open the staff console',
        url: `${deps.config.appUrl}/dashboard/support/staff`,
      },
    },
    deps.config.productShortName,
  );
  await deps.mailer.send(
    {
      to: deps.config.mail.supportEmail,
      subject: mail.subject,
      html,
      text,
      kind: mail.kind,
      userId: null,
    },
    db,
  );
}

/** The support address learns of every new ticket. */
export async function notifyNewTicket(
  deps: AppDeps,
  db: Kysely<Database>,
  ticket: {
    ticketNumber: string;
    subject: string;
    description: string;
    category: keyof typeof TICKET_CATEGORY_LABELS;
    priority: keyof typeof TICKET_PRIORITY_LABELS;
    customer: Person;
    attachmentCount: number;
  },
): Promise<void> {
  await mailSupportDesk(deps, db, {
    title: `New support ticket ${ticket.ticketNumber}`,
    paragraphs: [
      `${ticket.customer.name} <${ticket.customer.email}> opened a ticket.`,
      `Subject: ${ticket.subject}`,
      `Category: ${TICKET_CATEGORY_LABELS[ticket.category]} · Priority: ${TICKET_PRIORITY_LABELS[ticket.priority]} · Attachments: ${ticket.attachmentCount}`,
      excerpt(ticket.description),
    ],
    subject: `[${ticket.ticketNumber}] New ticket: ${ticket.subject}`,
    kind: 'support-ticket-new',
  });
}

/** The support address learns of every customer reply. */
export async function notifyCustomerReply(
  deps: AppDeps,
  db: Kysely<Database>,
  reply: {
    ticketNumber: string;
    subject: string;
    customer: Person;
    message: string;
    reopened: boolean;
  },
): Promise<void> {
  await mailSupportDesk(deps, db, {
    title: `Customer reply on ${reply.ticketNumber}`,
    paragraphs: [
      `${reply.customer.name} <${reply.customer.email}> replied to "${reply.subject}".`,
      ...(reply.reopened ? ['The ticket was resolved and has been reopened.'] : []),
      excerpt(reply.message),
    ],
    subject: `[${reply.ticketNumber}] Customer reply: ${reply.subject}`,
    kind: 'support-ticket-customer-reply',
  });
}

/**
 * The customer hears of every staff reply: a reply to one's own ticket is transactional (like a
 * password reset or a security notice), so no notification preference turns it off.
 */
export async function notifyStaffReply(
  deps: AppDeps,
  db: Kysely<Database>,
  reply: {
    ticketUuid: string;
    ticketNumber: string;
    subject: string;
    customer: Person;
    staffName: string;
    message: string;
  },
): Promise<void> {
  const { html, text } = renderEmail(
    {
      title: `New reply to your support ticket ${reply.ticketNumber}`,
      paragraphs: [
        `Hello ${reply.customer.name},`,
        `${reply.staffName} from our support team replied to "${reply.subject}":`,
        excerpt(reply.message),
      ],
      action: {
        label: 'View your ticket',
        url: `${deps.config.appUrl}/dashboard/support?ticket=${reply.ticketUuid}`,
      },
      footnote:
        'You receive this e-mail because you opened this support ticket. Replies to your tickets are always e-mailed, whatever your notification preferences.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send(
    {
      to: reply.customer.email,
      subject: `[${reply.ticketNumber}] New reply: ${reply.subject}`,
      html,
      text,
      kind: 'support-ticket-reply',
      userId: reply.customer.id,
    },
    db,
  );
}
