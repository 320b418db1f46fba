import { randomBytes } from 'node:crypto';
import { createTestCard } from '../billing-fixtures';
import type { TestHarness } from '../harness';
import { accountPieces } from './account';
import { mailLinkFinder } from './mail-links';
import { memberPieces } from './members';
import { organizationPieces } from './organization';
import { ssoAndTwoFactorPieces } from './sso-two-factor';
import type { DoorIdentityProvider, DoorWorld } from './types';
import { DOOR_PASSWORD, insertUser } from './world-users';

let worlds = 0;

export async function createDoorWorld(
  h: TestHarness,
  idp: DoorIdentityProvider,
): Promise<DoorWorld> {
  worlds += 1;
  const tag = `dw${randomBytes(4).toString('hex')}`;
  const ip = `10.77.${Math.floor(worlds / 250) % 250}.${(worlds % 250) + 1}`;
  const email = `${tag}@example.com`;
  const created = await insertUser(h, email, ip);
  const user = { ...created, email, password: DOOR_PASSWORD };
  const rest = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token = user.token,
  ) => h.rest(method, path, { token, ...(body === undefined ? {} : { body }) });

  const base = { h, idp, tag, ip, user, rest };
  const { org, subscribed, instance, ticket, logo, webhook, delivery, domain } =
    organizationPieces(base);
  const { member, invitation, staffToken } = memberPieces(base, org);
  const { device, passkey, otherSession, apiToken, dataExport, emailChange } = accountPieces(base);
  const { ssoConnection, totp, twoFactorSecret, twoFactorOn } = ssoAndTwoFactorPieces(base, org);
  const linkInMail = mailLinkFinder(h);
  return {
    h,
    idp,
    totp,
    twoFactorSecret,
    twoFactorOn,
    linkInMail,
    emailChange,
    tag,
    ip,
    user,
    org,
    subscribed,
    subdomain: async () => {
      await org();
      return tag;
    },
    instance,
    ticket,
    logo,
    webhook,
    delivery,
    member,
    invitation,
    staffToken,
    passkey,
    device,
    otherSession,
    apiToken,
    card: () => createTestCard(h, user.token),
    domain,
    ssoConnection,
    dataExport,
  };
}
