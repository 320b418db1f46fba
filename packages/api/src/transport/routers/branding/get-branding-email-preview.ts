import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { emailPreview } from '../../../domain/branding';
import { brandingIdInput } from './branding-output';
import { branding, viewBranding } from './area';

export const getBrandingEmailPreview = branding
  .authed(
    'GET /branding/{id}/email-preview',
    'Server-rendered preview of an e-mail with the saved header and footer',
    viewBranding,
  )
  .input(brandingIdInput)
  .output(envelope(z.strictObject({ subject: z.string(), html: z.string() })))
  .query(async ({ ctx, input }) => ok(await emailPreview(ctx.deps, ctx.user.id, input.id)));
