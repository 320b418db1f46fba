import { z } from 'zod';
import { emailPreview } from '../../../domain/branding';
import { brandingIdInput } from './branding-output';
import { branding, viewBranding } from './area';

export const getBrandingEmailPreview = branding
  .authed(
    'GET /branding/{id}/email-preview',
    'Server-rendered preview of an e-mail with the saved header and footer',
    viewBranding,
  )
  .answers(
    brandingIdInput,
    z.strictObject({ subject: z.string(), html: z.string() }),
    ({ ctx, input }) => emailPreview(ctx.deps, ctx.user.id, input.id),
  );
