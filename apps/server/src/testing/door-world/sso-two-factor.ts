import { generateSync } from 'otplib';
import { DOOR_PASSWORD } from './world-users';
import { ok, once, type WorldBase } from './world-helpers';

/** Sign-in extras: the organization's SSO connection and the user's two-factor. */
export function ssoAndTwoFactorPieces(
  { h, idp, tag, rest }: WorldBase,
  org: () => Promise<string>,
) {
  const ssoConnection = once(async () => {
    const res = await rest('POST', `/organizations/${await org()}/sso-connections`, {
      type: 'oidc',
      display_name: `${tag} IdP`,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
    });
    ok(res, 'SSO connection');
    return res.body.data.uuid as string;
  });
  const totp = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });
  const twoFactorSecret = once(async () => {
    const res = await rest('POST', '/two-factor/enable', { password: DOOR_PASSWORD });
    ok(res, 'two-factor enable');
    return res.body.data.secret as string;
  });
  const twoFactorOn = once(async () => {
    const code = totp(await twoFactorSecret());
    ok(await rest('POST', '/two-factor/confirm', { code }), 'two-factor confirm');
  });
  return { ssoConnection, totp, twoFactorSecret, twoFactorOn };
}
