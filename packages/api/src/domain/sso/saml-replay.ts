import type { AppDeps } from '../../core/app-deps';
import { SAML_FAILURE_REASONS } from '../../contracts/sso-saml';
import { isUniqueViolation } from '../../core/unique-violation';
import type { ConnectionRow } from './oidc-client';
import { SsoRefusal } from './sign-in-claims';

/** Each assertion ID is accepted once per connection (the rows expire with the assertion). */
export async function acceptOnce(
  deps: AppDeps,
  connection: ConnectionRow,
  assertionId: string,
  expiresAt: Date,
): Promise<void> {
  await deps.db
    .deleteFrom('sso_saml_assertions')
    .where('connection_id', '=', connection.id)
    .where('expires_at', '<', new Date())
    .execute();
  try {
    await deps.db
      .insertInto('sso_saml_assertions')
      .values({ connection_id: connection.id, assertion_id: assertionId, expires_at: expiresAt })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SsoRefusal(SAML_FAILURE_REASONS.replayed);
    throw error;
  }
}
