import { forgetOidcConfiguration } from './oidc-client';
import { findConnection, removeSetting, type SettingTarget } from './connection-lookup';

export async function deleteConnection(...target: SettingTarget): Promise<void> {
  const row = await removeSetting(target, {
    table: 'sso_connections',
    find: findConnection,
    action: 'sso.connection_deleted',
    describe: (connection, organization) =>
      `Removed the single sign-on connection "${connection.display_name}" from ${organization}`,
  });
  forgetOidcConfiguration(row.id);
}
