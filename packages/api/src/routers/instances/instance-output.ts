import { z } from 'zod';

export const instanceSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  status: z.string(),
  ssl_status: z.string(),
  organization_uuid: z.string(),
  organization_name: z.string(),
  subdomain: z.string(),
  host: z.string().nullable(),
  custom_domain: z.string().nullable(),
  instance_url: z.string().nullable(),
  provisioned_at: z.string().nullable(),
  last_health_check: z.string().nullable(),
  last_health_status: z.string().nullable(),
  created_at: z.string(),
});

export const instanceUuidInput = z.object({ uuid: z.string() });
