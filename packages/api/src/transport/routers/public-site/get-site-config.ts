import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { publicSite } from './area';

/** What the SPA needs to resolve tenant hosts: the tenant and instance domains. */
export const getSiteConfig = publicSite
  .public(
    'GET /public/site-config',
    'Public site configuration (tenant domain, instance domain, product name)',
  )
  .output(
    envelope(
      z.object({
        tenant_domain: z.string(),
        instance_domain: z.string(),
        product_name: z.string(),
      }),
    ),
  )
  .query(({ ctx }) =>
    ok({
      tenant_domain: ctx.deps.config.tenantDomain,
      instance_domain: ctx.deps.config.instanceDomain,
      product_name: ctx.deps.config.productName,
    }),
  );
