import { type AppDeps, hashPassword } from '@scmp/api';
import { insertUserRow } from './user-row';

export const DEMO_PASSWORD = 'DemoPass!2026';

export const DEMO_USERS = [
  {
    name: 'Dana Whitfield',
    email: 'demo@scmp.test',
    verified: true,
    staff: false,
    note: 'verified customer',
  },
  {
    name: 'Umar Patel',
    email: 'unverified@scmp.test',
    verified: false,
    staff: false,
    note: 'e-mail not verified yet',
  },
  {
    name: 'Bea Bursar',
    email: 'bursar@scmp.test',
    verified: true,
    staff: false,
    note: 'billing member of Oakfield Primary School',
  },
  {
    name: 'Priya Lowe',
    email: 'pastdue@scmp.test',
    verified: true,
    staff: false,
    note: 'customer whose subscription is past due',
  },
  {
    name: 'Marcus Reed',
    email: 'latepay@scmp.test',
    verified: true,
    staff: false,
    note: 'another customer whose subscription is past due',
  },
  {
    name: 'Sam Support',
    email: 'staff@scmp.test',
    verified: true,
    staff: true,
    note: 'support staff (operator console, ticket queue)',
  },
] as const;

export async function seedDemoUsers(deps: AppDeps): Promise<Record<string, number>> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, number> = {};
  for (const user of DEMO_USERS) {
    const row = await insertUserRow(deps.db, {
      name: user.name,
      email: user.email,
      password_hash: hash,
      email_verified_at: user.verified ? deps.clock.now() : null,
      is_staff: user.staff,
    });
    ids[user.email] = row.id;
  }
  return ids;
}
