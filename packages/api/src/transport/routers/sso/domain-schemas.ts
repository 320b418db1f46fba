import { z } from 'zod';
import { ORGANIZATION_DOMAIN_STATUSES, SSO_DOMAIN_TEXTS } from '../../../contracts/sso';

export const organizationDomainOutput = z.object({
  uuid: z.string(),
  domain: z.string(),
  status: z.enum(ORGANIZATION_DOMAIN_STATUSES),
  dns_record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});

export const domainInput = z
  .string({ error: SSO_DOMAIN_TEXTS.required })
  .trim()
  .min(1, SSO_DOMAIN_TEXTS.required)
  .max(253, SSO_DOMAIN_TEXTS.invalid);

export const domainUuidInput = z.object({ id: z.string(), uuid: z.string() });
