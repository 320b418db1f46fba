import { z } from 'zod';
import {
  CONTACT_LIMIT,
  CONTACT_TEXTS,
  contactInput,
  sendContactMessage,
} from '../../../domain/contact';
import { publicSite } from './area';

/** The /contact form: e-mails the sales inbox (and acknowledges the sender). */
export const contact = publicSite
  .public('POST /contact', 'Send a message from the public contact form', {
    successStatus: 200,
    description:
      'Fields: name, email, organisation, phone (optional), topic (demo, pricing, support, ' +
      `partnership, other) and message (10–5000 characters). At most ${CONTACT_LIMIT} messages ` +
      'per IP address per 10 minutes (429 with Retry-After).',
  })
  .answers(
    contactInput,
    z.object({ reference: z.string() }),
    CONTACT_TEXTS.sent,
    ({ ctx, input }) => sendContactMessage(ctx.deps, ctx.req, input),
  );
