import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { publicProcedure } from '../../trpc';

/** What the SPA needs to resolve tenant hosts: the tenant and instance domains. */
export const getSiteConfig = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/public/site-config',
      tags: ['public-site'],
      summary: 'Public site configuration (tenant domain, instance domain, product name)',
      protect: false,
    },
  })
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
