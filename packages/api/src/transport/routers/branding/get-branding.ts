import { envelope, ok } from '../../envelope';
import { getBranding as loadBranding, brandingOutput } from '../../../domain/branding';
import { brandingIdInput } from './branding-output';
import { branding, viewBranding } from './area';

export const getBranding = branding
  .authed('GET /branding/{id}', 'Branding of one of your organizations or instances', {
    ...viewBranding,
    description:
      '{id} is an organization uuid or an instance uuid (tried as an organization first). ' +
      'Answers the stored fields plus `resolved`, the effective values after fallback.',
  })
  .input(brandingIdInput)
  .output(envelope(brandingOutput))
  .query(async ({ ctx, input }) => ok(await loadBranding(ctx.deps, ctx.user.id, input.id)));
