import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import { type Json, type TestHarness } from '../../src/testing/harness';
import {
  addMemberRow,
  createOrganization,
  organizationId,
} from '../../src/testing/organization-rows';
import { useHarness } from '../../src/testing/use-harness';

/** The shared setup of the account deletion tests (account-deletion*.test.ts). */
export let h: TestHarness;
export type User = Awaited<ReturnType<TestHarness['createUser']>>;
export const IP = '203.0.113.77';

const del = (token: string, body: Json) => h.rest('DELETE', '/user', { token, body });

async function orgOf(owner: User, name: string, subdomain: string): Promise<string> {
  return (await createOrganization(h, owner.token, { name, type: 'school', subdomain })).uuid;
}

/** Adds `user` to the organization with `role`, straight into the table. */
async function joinAs(orgUuid: string, user: User, role: 'admin' | 'member') {
  await addMemberRow(h.db, await organizationId(h.db, orgUuid), user.id, role);
}

async function login(email: string, password: string, ip = IP, agent = 'DeletionTest/1.0') {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    payload: JSON.stringify({ email, password }),
  });
}

/** A new session token of `user`, signed in by password from `ip` with `agent`. */
async function freshToken(user: User, ip?: string, agent?: string): Promise<string> {
  return JSON.parse((await login(user.email, user.password, ip, agent)).body).data.token as string;
}

async function restoreToken(email: string): Promise<string> {
  const mail = await h.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .where('subject', '=', PRIVACY_TEXTS.accountDeletedSubject)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/restore-account\?token=([^\s&]+)/.exec(mail.text)![1]!);
}
/** One server for the test file (`h` above is set before its tests), and the steps its tests take. */
export function useDeletionHarness() {
  useHarness((made) => (h = made));
  return { del, orgOf, joinAs, login, freshToken, restoreToken };
}
