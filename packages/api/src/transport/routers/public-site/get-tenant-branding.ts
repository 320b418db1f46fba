import {
  getTenantBranding as brandingOfTenant,
  tenantBrandingSchema,
} from '../../../domain/public-branding';
import { tenantSlugInput } from './tenant-input';
import { publicSite } from './area';

/** The tenant shell's branding for `{slug}.TENANT_DOMAIN` (or `?tenant=slug` locally). */
export const getTenantBranding = publicSite
  .public('GET /public/tenant/{slug}/branding', 'Public branding of an active tenant', {
    description:
      'No authentication. 404 for an unknown or inactive tenant. Blank branding values are ' +
      'filled with the product defaults. Answers carry an ETag and Cache-Control ' +
      '(public, max-age=10); If-None-Match with the current ETag answers 304.',
  })
  .answers(tenantSlugInput, tenantBrandingSchema, ({ ctx, input }) =>
    brandingOfTenant(ctx.deps, input.slug),
  );
