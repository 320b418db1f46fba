import { z } from 'zod';
import { CUSTOM_DOMAIN_STATUSES, SSL_STATUSES } from '../../contracts/custom-domain';
import { publicIdFields } from '../../contracts/response-fields';

/**
 * An instance as the API shows it: one zod schema, the service's return type is its z.output, the
 * routers' .output() reuse it. Strict: a key the service returns that is not here fails output
 * validation (the doors-agree test calls every procedure).
 */
export const instanceSchema = z.strictObject({
  ...publicIdFields,
  name: z.string(),
  status: z.string(),
  ssl_status: z
    .enum(SSL_STATUSES)
    .describe('From a real TLS check of the host; not_configured when no TLS proxy is set up'),
  organization_uuid: z.string(),
  organization_name: z.string(),
  subdomain: z.string(),
  host: z.string().nullable(),
  custom_domain: z.string().nullable(),
  custom_domain_status: z
    .enum(CUSTOM_DOMAIN_STATUSES)
    .nullable()
    .describe('pending_dns → verified (DNS right) → active (TLS issued), or failed after 72 h'),
  custom_domain_reason: z
    .string()
    .nullable()
    .describe('What the last check saw when it was not right, e.g. "TXT record not found"'),
  custom_domain_checked_at: z.string().nullable(),
  dns_records: z
    .array(
      z.strictObject({
        type: z.enum(['CNAME', 'A', 'AAAA', 'TXT']),
        name: z.string(),
        value: z.string(),
      }),
    )
    .describe('The records to create at the DNS provider for the custom domain'),
  instance_url: z.string().nullable(),
  provisioned_at: z.string().nullable(),
  last_health_check: z.string().nullable(),
  last_health_status: z.string().nullable(),
  ssl_issuer: z.string().nullable(),
  ssl_expires_at: z.string().nullable(),
  ssl_reason: z.string().nullable(),
  ssl_checked_at: z.string().nullable(),
  created_at: z.string(),
});

export type InstanceOutput = z.output<typeof instanceSchema>;
