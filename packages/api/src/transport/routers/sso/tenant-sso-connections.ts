import { z } from 'zod';
import { tenantConnectionOutput, tenantConnections } from '../../../domain/sso';
import { tenantSlugInput } from '../public-site/tenant-input';
import { publicSite } from '../public-site/area';

/** GET /public/tenant/{slug}/sso-connections: the buttons of a tenant's own login page. */
export const tenantSsoConnections = publicSite
  .public(
    'GET /public/tenant/{slug}/sso-connections',
    'The single sign-on connections a tenant’s login page offers ("Sign in with <display_name>")',
    {
      description:
        'No authentication. Names and start links only (start_url answers 302 to the identity ' +
        'provider). 404 for an unknown or inactive tenant.',
    },
  )
  .answers(tenantSlugInput, z.array(tenantConnectionOutput), ({ ctx, input }) =>
    tenantConnections(ctx.deps, input.slug),
  );
