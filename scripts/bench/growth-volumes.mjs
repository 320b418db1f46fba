// Growth volumes for `npm run bench:seed`, generated inside PostgreSQL with generate_series:
// 100,000 users, 1,000,000 organizations with 10 members each, 5,000,000 activity events and
// 1,000,000 tickets (plus instances, sessions, subscriptions, invoices and ticket messages in
// proportion), all scaled by BENCH_SCALE (see growth-bulk.mjs and typical-customer.mjs).
export const VOLUMES = {
  users: 100_000,
  organizations: 1_000_000,
  activity_events: 5_000_000,
  support_tickets: 1_000_000,
  instances: 300_000,
  sessions: 200_000,
  subscriptions: 100_000,
  invoices: 500_000,
  instance_health_checks: 5_000_000,
};

export const MEMBERS_PER_ORGANIZATION = 10;

export function scaled(scale) {
  return Object.fromEntries(
    Object.entries(VOLUMES).map(([k, v]) => [k, Math.max(10, Math.round(v * scale))]),
  );
}

/** The activity types the seeded events take, as an SQL array. */
export const ACTIVITY_TYPES = `(ARRAY['login','security','profile','organization','settings'])`;
