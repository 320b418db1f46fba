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
  .answers(brandingIdInput, brandingOutput, ({ ctx, input }) =>
    loadBranding(ctx.deps, ctx.user.id, input.id),
  );
