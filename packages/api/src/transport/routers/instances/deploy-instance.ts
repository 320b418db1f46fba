import { z } from 'zod';
import { INSTANCE_TEXTS } from '../../../contracts/instances';
import { SUBDOMAIN_TEXTS, hasOnlySubdomainCharacters } from '../../../contracts/subdomain';
import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { deployInstance as deploy, instanceSchema } from '../../../domain/instances';
import { createsOnce } from '../../create-meta';
import { instances, manageInstances } from './area';

const prefixSchema = z
  .string()
  .trim()
  .nullish()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!hasOnlySubdomainCharacters(value))
      ctx.addIssue({ code: 'custom', message: SUBDOMAIN_TEXTS.lettersNumbersHyphens });
    else if (value.startsWith('-') || value.endsWith('-'))
      ctx.addIssue({ code: 'custom', message: SUBDOMAIN_TEXTS.hyphenEdge });
  })
  .transform((value) => (value ? value.toLowerCase() : undefined));

/** Checked by the service (it knows this deployment's own domains): contracts/custom-domain.ts. */
const customDomainSchema = z
  .string()
  .trim()
  .max(2000, CUSTOM_DOMAIN_TEXTS.tooLong)
  .nullish()
  .transform((value) => value || undefined);

export const deployInstance = instances
  .verified(
    'POST /instances',
    'Deploy an instance; it is provisioned in the background (pending → active)',
    { ...manageInstances, ...createsOnce },
  )
  .answers(
    z.object({
      organization_uuid: z
        .string({ error: INSTANCE_TEXTS.organizationRequired })
        .trim()
        .min(1, INSTANCE_TEXTS.organizationRequired),
      name: z
        .string({ error: INSTANCE_TEXTS.nameRequired })
        .trim()
        .min(1, INSTANCE_TEXTS.nameRequired)
        .max(255, 'Instance name must be at most 255 characters'),
      subdomain: prefixSchema,
      custom_domain: customDomainSchema,
    }),
    instanceSchema,
    INSTANCE_TEXTS.deployed,
    ({ ctx, input }) => deploy(ctx.deps, ctx.req, ctx.user, input),
  );
