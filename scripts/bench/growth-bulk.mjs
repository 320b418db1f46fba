// The bulk rows of `npm run bench:seed`: the growth volumes (growth-volumes.mjs) loaded with
// one INSERT … SELECT generate_series per table, secondary indexes rebuilt after the load.
import { ACTIVITY_TYPES as TYPES, MEMBERS_PER_ORGANIZATION } from './growth-volumes.mjs';

const BULK_TABLES = [
  'users',
  'organizations',
  'organization_members',
  'instances',
  'sessions',
  'activity_events',
  'support_tickets',
  'support_ticket_messages',
  'subscriptions',
  'invoices',
  'invoice_lines',
  'instance_health_checks',
];

/**
 * Drops the unique constraints no foreign key depends on and the plain indexes of `tables`;
 * returns the statements that recreate them.
 */
async function dropSecondaryIndexes(client, tables) {
  const { rows: constraints } = await client.query(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c
     WHERE c.contype = 'u' AND c.conrelid::regclass::text = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)`,
    [tables],
  );
  const { rows: indexes } = await client.query(
    `SELECT i.tablename AS tbl, i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  const restore = [];
  for (const c of constraints) {
    await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.conname}`);
    restore.push(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.conname} ${c.def}`);
  }
  for (const i of indexes) {
    await client.query(`DROP INDEX ${i.indexname}`);
    restore.push(i.indexdef);
  }
  return restore;
}

/** The bulk rows, one INSERT … SELECT generate_series per table; returns seconds per table. */
export async function seedBulk(client, n, log = () => {}) {
  const timings = {};
  const run = async (table, sql) => {
    const started = performance.now();
    await client.query(sql);
    timings[table] = Number(((performance.now() - started) / 1000).toFixed(1));
    log(`  ${table}: ${timings[table]} s`);
  };
  // Foreign-key triggers are skipped while bulk loading when we may (superuser); rows are valid.
  await client.query(`SET session_replication_role = replica`).catch(() => undefined);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  // Secondary indexes and unique constraints are built once after the load (a sorted build is
  // many times faster than keeping them up to date row by row); primary keys stay.
  const rebuild = await dropSecondaryIndexes(client, BULK_TABLES);
  await run(
    'users',
    `INSERT INTO users (name, email, password_hash, email_verified_at, created_at)
     SELECT 'Bench user ' || g, 'bench-' || g || '@bench.test', 'not-a-hash', now(),
            now() - (g % 700) * interval '1 day'
     FROM generate_series(1, ${n.users}) g`,
  );
  const { rows } = await client.query(
    `SELECT min(id) AS lo FROM users WHERE email LIKE 'bench-%@bench.test'`,
  );
  const lo = Number(rows[0].lo);
  const user = (expr) => `(${lo} + (${expr}) % ${n.users})`;
  await run(
    'organizations',
    `INSERT INTO organizations (owner_id, name, type, description, subdomain, status, created_at)
     SELECT ${user('g')}, 'Organization ' || g, (ARRAY['school','camp','other'])[1 + g % 3],
            'A bench organization', 'bench-org-' || g,
            (ARRAY['active','pending','inactive'])[1 + g % 3],
            now() - (g % 720) * interval '1 day' - (g % 86400) * interval '1 second'
     FROM generate_series(1, ${n.organizations}) g`,
  );
  // Teams: the owner plus 9 other users per organization (triggers are off while bulk loading).
  await run(
    'organization_members',
    `INSERT INTO organization_members (organization_id, user_id, role, joined_at)
     SELECT o.id, ${lo} + ((o.owner_id - ${lo}) + k) % ${n.users},
            CASE WHEN k = 0 THEN 'owner' ELSE (ARRAY['admin','billing','member'])[1 + k % 3] END,
            o.created_at
     FROM organizations o, generate_series(0, ${MEMBERS_PER_ORGANIZATION - 1}) k
     WHERE o.subdomain LIKE 'bench-org-%'`,
  );
  await run(
    'instances',
    `INSERT INTO instances (organization_id, owner_id, name, prefix, host, status, ssl_status, created_at)
     SELECT o.id, o.owner_id, 'main', 'main', 'main-' || o.subdomain || '.bench.test',
            (ARRAY['active','pending','suspended'])[1 + o.id % 3], 'active', o.created_at
     FROM organizations o
     WHERE o.subdomain LIKE 'bench-org-%'
     ORDER BY o.id LIMIT ${n.instances}`,
  );
  await run(
    'sessions',
    `INSERT INTO sessions (user_id, token_hash, ip_address, user_agent, created_at, last_active_at, expires_at)
     SELECT ${user('g')}, md5('a' || g) || md5('b' || g), '10.0.0.1', 'Mozilla/5.0 bench',
            now() - (g % 30) * interval '1 day', now() - (g % 30) * interval '1 hour',
            now() + interval '60 days'
     FROM generate_series(1, ${n.sessions}) g`,
  );
  await run(
    'activity_events',
    `INSERT INTO activity_events (user_id, type, action, description, severity, ip_address, user_agent, device, created_at)
     SELECT ${user('g')}, ${TYPES}[1 + g % 5], 'bench.event', 'Bench event ' || g, 'info',
            '10.0.0.1', 'Mozilla/5.0 bench', 'Desktop',
            now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
     FROM generate_series(1, ${n.activity_events}) g`,
  );
  await run(
    'support_tickets',
    `INSERT INTO support_tickets (user_id, subject, description, category, priority, status, created_at, updated_at)
     SELECT ${user('g')}, 'Bench ticket ' || g, 'Something to look at.',
            (ARRAY['billing','technical','general'])[1 + g % 3],
            (ARRAY['low','medium','high','urgent'])[1 + g % 4],
            (ARRAY['open','in_progress','resolved','closed'])[1 + g % 4],
            now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
     FROM generate_series(1, ${n.support_tickets}) g`,
  );
  await run(
    'support_ticket_messages',
    `INSERT INTO support_ticket_messages (ticket_id, author_id, message, created_at)
     SELECT t.id, t.user_id, 'First message', t.created_at FROM support_tickets t
     WHERE t.subject LIKE 'Bench ticket %'`,
  );
  await run(
    'subscriptions',
    `INSERT INTO subscriptions (organization_id, owner_id, provider, plan_type, status,
            current_period_start, current_period_end, billing_details)
     SELECT o.id, o.owner_id, 'test', 'basic', 'active', now() - interval '10 days',
            now() + interval '20 days', '{}'::jsonb
     FROM organizations o WHERE o.subdomain LIKE 'bench-org-%'
     ORDER BY o.id LIMIT ${n.subscriptions}`,
  );
  await run(
    'invoices',
    `INSERT INTO invoices (number, subscription_id, organization_id, description, status,
            total_pence, billing_details, created_at)
     SELECT 'BENCH-' || s.id || '-' || k, s.id, s.organization_id, 'Monthly plan', 'paid', 4900,
            '{}'::jsonb, now() - k * interval '30 days'
     FROM subscriptions s, generate_series(1, ${Math.max(1, Math.round(n.invoices / n.subscriptions))}) k`,
  );
  await run(
    'invoice_lines',
    `INSERT INTO invoice_lines (invoice_id, description, unit_amount_pence, amount_pence)
     SELECT i.id, 'Basic plan', 4900, 4900 FROM invoices i WHERE i.number LIKE 'BENCH-%'`,
  );
  // Some subscriptions behind on payment or cancelled, and a health result on every active
  // instance (1 in 100 unhealthy), for the operator console's lists and counters.
  await run(
    'subscriptions past due, cancelled',
    `UPDATE subscriptions SET
       status = CASE WHEN id % 50 = 0 THEN 'past_due' ELSE 'cancelled' END,
       past_due_since = CASE WHEN id % 50 = 0 THEN now() - (id % 30) * interval '1 day' END,
       cancelled_at = CASE WHEN id % 50 = 0 THEN NULL ELSE now() - (id % 300) * interval '1 day' END
     WHERE id % 50 = 0 OR id % 20 = 0`,
  );
  await run(
    'instance health',
    `UPDATE instances SET last_health_check = now() - (id % 60) * interval '1 second',
       last_health_status = CASE WHEN id % 100 = 0 THEN 'unhealthy' ELSE 'healthy' END
     WHERE status = 'active'`,
  );
  // The health history the worker keeps: an hourly check of every active instance (1 in 97 failed).
  await run(
    'instance_health_checks',
    `INSERT INTO instance_health_checks (instance_id, checked_at, healthy, status_code, response_ms)
     SELECT i.id, now() - g * interval '1 hour' - (i.id % 60) * interval '1 second',
            (i.id + g) % 97 <> 0, CASE WHEN (i.id + g) % 97 = 0 THEN 503 ELSE 200 END,
            40 + (i.id + g) % 80
     FROM instances i,
          generate_series(1, ${Math.max(1, Math.round(n.instance_health_checks / n.instances))}) g
     WHERE i.status = 'active'`,
  );
  // Triggers keep the per-day counts while loading without superuser rights; rebuilt either way.
  await run(
    'instance_health_days',
    `TRUNCATE instance_health_days;
     INSERT INTO instance_health_days (instance_id, day, checks, healthy)
     SELECT instance_id, (checked_at AT TIME ZONE 'UTC')::date, count(*),
            count(*) FILTER (WHERE healthy)
     FROM instance_health_checks GROUP BY 1, 2`,
  );
  // The operator console's daily figures: 400 closed days, as a year of the worker leaves them.
  await run(
    'platform_daily_figures',
    `INSERT INTO platform_daily_figures (day, mrr_pence, subscriptions_in_force, sign_ups,
            cancellations, first_response_median_seconds, first_response_tickets, mrr_source)
     SELECT current_date - g, 2000000000 - g * 1000, ${n.subscriptions}, 140, 3, 3600 + g, 2700,
            'reconstructed'
     FROM generate_series(1, 400) g`,
  );
  await client.query(`SET session_replication_role = origin`).catch(() => undefined);
  const indexStarted = performance.now();
  for (const statement of rebuild) await client.query(statement);
  timings.indexes = Number(((performance.now() - indexStarted) / 1000).toFixed(1));
  log(`  indexes: ${timings.indexes} s`);
  // Triggers were off (or fired row by row): the operator console's counters from the rows.
  await run('platform counters', 'SELECT scmp_recount_platform_figures()');
  // As autovacuum would leave a settled database: statistics and the visibility map.
  await run('vacuum analyze', 'VACUUM ANALYZE');
  // Written out now, so no checkpoint of the load lands in the middle of the timings.
  await client.query('CHECKPOINT').catch(() => undefined);
  return timings;
}
