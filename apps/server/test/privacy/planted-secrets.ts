import type { TestHarness } from '../../src/testing/harness';

export type PlantedSecret = { label: string; value: string };

/**
 * The stored forms of these people's credentials — password hashes, session and API token hashes —
 * and, with an organization, its webhook secrets as stored (encrypted): none may be in an export.
 */
export async function storedCredentials(
  db: TestHarness['db'],
  userIds: number[],
  organizationId?: number,
): Promise<PlantedSecret[]> {
  const users = db.selectFrom('users').select('password_hash').where('id', 'in', userIds);
  const sessions = db.selectFrom('sessions').select('token_hash').where('user_id', 'in', userIds);
  const apiTokens = db
    .selectFrom('api_tokens')
    .select('token_hash')
    .where('user_id', 'in', userIds);
  const secrets: PlantedSecret[] = [
    ...(await users.execute()).map((u) => ({ label: 'password hash', value: u.password_hash })),
    ...(await sessions.execute()).map((s) => ({
      label: 'session token hash',
      value: s.token_hash,
    })),
    ...(await apiTokens.execute()).map((t) => ({ label: 'API token hash', value: t.token_hash })),
  ];
  if (organizationId === undefined) return secrets;
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select('secret_encrypted')
    .where('organization_id', '=', organizationId)
    .execute();
  for (const e of endpoints)
    secrets.push({ label: 'webhook secret (encrypted)', value: e.secret_encrypted });
  return secrets;
}
