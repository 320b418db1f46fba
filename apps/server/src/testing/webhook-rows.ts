import { encryptWebhookSecret } from '@scmp/api';
import type { TestHarness } from './harness';

/**
 * A webhook endpoint written straight to the database, for cases the API refuses to create (a
 * target that became private after it was saved). Its secret is `whsec_` and 24 zero bytes.
 */
export async function createWebhookRowForTest(h: TestHarness, orgUuid: string, url: string) {
  const org = await h.db
    .selectFrom('organizations')
    .select('id')
    .where('uuid', '=', orgUuid)
    .executeTakeFirstOrThrow();
  const secret = `whsec_${Buffer.alloc(24).toString('base64')}`;
  return h.db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: org.id,
      url,
      description: null,
      events: JSON.stringify(['organization.updated']),
      secret_encrypted: encryptWebhookSecret(h.config.appKey, secret),
      disabled_reason: null,
      failing_since: null,
      retired_at: null,
      created_by: null,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}
