import { createSession, hashPassword } from '@scmp/api';
import type { TestHarness } from '../harness';
import { insertUserRow } from '../user-rows';

export const DOOR_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export async function insertUser(
  h: TestHarness,
  email: string,
  ip: string,
  staff = false,
): Promise<{ id: number; uuid: string; token: string }> {
  passwordHash ??= hashPassword(DOOR_PASSWORD);
  const row = await insertUserRow(h.db, {
    name: 'Door Tester',
    email,
    password_hash: await passwordHash,
    email_verified_at: h.clock.now(),
    is_staff: staff,
  });
  const { token } = await createSession(h.deps, row.id, { ip, userAgent: 'doors-agree' });
  return { id: row.id, uuid: row.uuid, token };
}
