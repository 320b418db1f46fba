import { API_SCOPES } from '@scmp/api/contracts/api-tokens';
import { createSession } from '@scmp/api';
import type { Json } from '../harness';
import { authenticatorFor, registerPasskey } from '../passkey-helpers';
import { DOOR_PASSWORD } from './world-users';
import { drainJobs, ok, once, type WorldBase } from './world-helpers';

/** The user's own account: passkey, sessions, API token, data export and e-mail change. */
export function accountPieces({ h, tag, ip, user, rest }: WorldBase) {
  const device = authenticatorFor(h);
  const passkey = once(() => registerPasskey(h, user.token, device, `${tag} laptop`));
  const otherSession = once(async () => {
    await createSession(h.deps, user.id, { ip, userAgent: 'doors-agree other' });
    const res = await rest('GET', '/profile/sessions');
    ok(res, 'sessions');
    const other = (res.body.data as Json[]).find((s) => !s.is_current && !s.current);
    if (!other) throw new Error(`no other session: ${res.text}`);
    return String(other.id ?? other.uuid);
  });
  const apiToken = once(async () => {
    const res = await rest('POST', '/user/api-tokens', {
      name: `${tag} integration`,
      scopes: [...API_SCOPES],
      expires_in_days: null,
    });
    ok(res, 'API token');
    return { token: res.body.data.token as string, uuid: res.body.data.uuid as string };
  });
  const dataExport = once(async () => {
    ok(await rest('POST', '/user/data-exports'), 'data export');
    await drainJobs(h);
  });
  const emailChange = once(async () => {
    const moved = `${tag}-moved@example.com`;
    const res = await rest('PUT', '/profile', {
      name: 'Door Tester',
      email: moved,
      current_password: DOOR_PASSWORD,
    });
    ok(res, 'e-mail change');
    return moved;
  });
  return { device, passkey, otherSession, apiToken, dataExport, emailChange };
}
