import { z } from 'zod';

/**
 * An API token as the API shows it: one zod schema per shape; the service's return type is its z.output and the routers'
 * .output() reuse it. Strict: a key the service returns that is not here fails output validation
 * (the doors-agree test calls every procedure), so the two cannot drift apart.
 */
export const apiTokenOutput = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  prefix: z.string().describe('`scmp_pat_` and the first 8 characters after it'),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('Updated at most once a minute'),
  last_used_ip: z.string().nullable(),
});

export type ApiTokenView = z.output<typeof apiTokenOutput>;

/** The answer to creating one: the token itself, shown only this once. */
export const createdApiTokenOutput = apiTokenOutput.extend({ token: z.string() });

export type CreatedApiToken = z.output<typeof createdApiTokenOutput>;
