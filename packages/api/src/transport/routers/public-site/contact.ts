import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  CONTACT_LIMIT,
  CONTACT_TEXTS,
  contactInput,
  sendContactMessage,
} from '../../../domain/contact';
import { publicProcedure } from '../../trpc';

/** The /contact form: e-mails the sales inbox (and acknowledges the sender). */
export const contact = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/contact',
      tags: ['public-site'],
      summary: 'Send a message from the public contact form',
      description:
        'Fields: name, email, organisation, phone (optional), topic (demo, pricing, support, ' +
        `partnership, other) and message (10–5000 characters). At most ${CONTACT_LIMIT} messages ` +
        'per IP address per 10 minutes (429 with Retry-After).',
      protect: false,
    },
    successStatus: 200,
  })
  .input(contactInput)
  .output(envelope(z.object({ reference: z.string() })))
  .mutation(async ({ ctx, input }) =>
    ok(await sendContactMessage(ctx.deps, ctx.req, input), CONTACT_TEXTS.sent),
  );
