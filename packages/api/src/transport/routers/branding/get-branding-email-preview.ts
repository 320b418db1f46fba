import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { emailPreview } from '../../../domain/branding';
import { authedProcedure } from '../../trpc';
import { brandingIdInput } from './branding-output';

export const getBrandingEmailPreview = authedProcedure
  .meta({
    scope: 'branding:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/branding/{id}/email-preview',
      tags: ['branding'],
      summary: 'Server-rendered preview of an e-mail with the saved header and footer',
      protect: true,
    },
  })
  .input(brandingIdInput)
  .output(envelope(z.strictObject({ subject: z.string(), html: z.string() })))
  .query(async ({ ctx, input }) => ok(await emailPreview(ctx.deps, ctx.user.id, input.id)));
