import { z } from 'zod';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { renderEmail } from '../../core/mail/render-email';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';

/** Topics a visitor can pick on /contact (value → label). */
export const CONTACT_TOPICS = {
  demo: 'Book a demo',
  pricing: 'Pricing and plans',
  support: 'Help with an existing account',
  partnership: 'Partnerships and integrations',
  other: 'Something else',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const CONTACT_TEXTS = {
  nameRequired: 'Please enter your name',
  nameTooLong: 'Name must be 100 characters or fewer',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  organisationRequired: 'Please enter your school, nursery or organisation',
  organisationTooLong: 'Organisation must be 150 characters or fewer',
  phoneInvalid: 'Please enter a valid phone number',
  topicRequired: 'Please choose what your message is about',
  messageRequired: 'Please enter a message',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be 5000 characters or fewer',
  throttled: (seconds: number) =>
    `You have sent several messages in a short time. Please try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
  sent: 'Thank you for getting in touch. Our team will reply within one working day.',
} as const;

/** At most this many messages per IP address per window. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 600;

const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** A trimmed text that must not be empty (`required`) nor longer than `max` (`tooLong`). */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const contactInput = z.object({
  name: requiredText(CONTACT_TEXTS.nameRequired, 100, CONTACT_TEXTS.nameTooLong),
  email: requiredText(CONTACT_TEXTS.emailRequired, 254, CONTACT_TEXTS.emailInvalid).pipe(
    z.email(CONTACT_TEXTS.emailInvalid),
  ),
  organisation: requiredText(
    CONTACT_TEXTS.organisationRequired,
    150,
    CONTACT_TEXTS.organisationTooLong,
  ),
  phone: z
    .string({ error: CONTACT_TEXTS.phoneInvalid })
    .trim()
    .refine((value) => value === '' || PHONE.test(value), CONTACT_TEXTS.phoneInvalid)
    .optional(),
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], {
    error: CONTACT_TEXTS.topicRequired,
  }),
  message: z
    .string({ error: CONTACT_TEXTS.messageRequired })
    .trim()
    .min(1, CONTACT_TEXTS.messageRequired)
    .min(10, CONTACT_TEXTS.messageTooShort)
    .max(5000, CONTACT_TEXTS.messageTooLong),
});
export type ContactInput = z.infer<typeof contactInput>;

/**
 * Sends a contact-form message to the sales inbox through the durable outbox, and an
 * acknowledgement to the sender. Throttled per IP address.
 */
export async function sendContactMessage(
  deps: AppDeps,
  req: ClientInfo,
  input: ContactInput,
): Promise<{ reference: string }> {
  await enforceRateLimit(
    deps.rateLimiter,
    `contact:${req.ip ?? 'unknown'}`,
    CONTACT_LIMIT,
    CONTACT_WINDOW_SECONDS,
    CONTACT_TEXTS.throttled,
  );
  const now = deps.clock.now();
  const reference = `C-${now.getTime().toString(36).toUpperCase()}`;
  const topic = CONTACT_TOPICS[input.topic];
  const phone = input.phone ? input.phone : 'not given';

  const toSales = renderEmail({
    title: `New enquiry: ${topic}`,
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Organisation: ${input.organisation}`,
      `Phone: ${phone}`,
      `Topic: ${topic}`,
      `Reference: ${reference}`,
      'Message:',
      ...input.message.split(/\n{2,}/),
      `Sent from the contact form at ${deps.config.appUrl}/contact on ${now.toISOString()}.`,
    ],
  });
  await deps.mailer.send({
    to: deps.config.mail.salesEmail,
    subject: `[${reference}] ${topic} – ${input.organisation}`,
    html: toSales.html,
    text: toSales.text,
    kind: 'contact',
  });

  const ack = renderEmail({
    title: 'We have received your message',
    paragraphs: [
      `Hello ${input.name},`,
      `Thank you for contacting SCMP about "${topic}". A member of our team will reply within one working day (Monday to Friday, 8:30am to 5:30pm UK time).`,
      `Your reference is ${reference}. If you need to add anything, simply reply to this e-mail or write to ${deps.config.mail.salesEmail} quoting it.`,
      'For reference, here is the message you sent:',
      ...input.message.split(/\n{2,}/),
    ],
    action: { label: 'See our plans and pricing', url: `${deps.config.appUrl}/pricing` },
    footnote:
      'You are receiving this e-mail because this address was entered on our contact form. If that was not you, you can ignore it.',
  });
  await deps.mailer.send({
    to: input.email,
    subject: 'We have received your message – SCMP',
    html: ack.html,
    text: ack.text,
    kind: 'contact-acknowledgement',
  });
  return { reference };
}
