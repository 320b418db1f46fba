// The one "typical" customer whose dashboard `npm run bench:seed` times; the same customer is
// created in the empty database and in the seeded one.
import { createHash, randomBytes } from 'node:crypto';
import { ACTIVITY_TYPES as TYPES } from './growth-volumes.mjs';

const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');

/**
 * One customer with the data a busy customer has: organizations (one active tenant), instances,
 * a subscription with a year of invoices, tickets with messages, 90 days of activity and a few
 * sessions. Returns the ids and the plaintext bearer token the timing uses.
 */
export async function seedTypicalUser(client) {
  const token = randomBytes(32).toString('base64url');
  const q = async (sql, params = []) => (await client.query(sql, params)).rows;
  const [user] = await q(
    `INSERT INTO users (name, email, password_hash, email_verified_at)
     VALUES ('Typical Customer', 'typical@bench.test', 'not-a-hash', now()) RETURNING id, uuid`,
  );
  // Support staff for the operator console's calls (the same in the empty database).
  const staffToken = randomBytes(32).toString('base64url');
  const [staff] = await q(
    `INSERT INTO users (name, email, password_hash, email_verified_at, is_staff)
     VALUES ('Bench Staff', 'staff@bench.test', 'not-a-hash', now(), true) RETURNING id`,
  );
  await q(
    `INSERT INTO sessions (user_id, token_hash, user_agent, created_at, last_active_at, expires_at)
     VALUES ($1, $2, 'Mozilla/5.0 staff', now(), now(), now() + interval '60 days')`,
    [staff.id, sha256Hex(staffToken)],
  );
  // Two more customers, so the staff customers list has a second page in the empty database too.
  await q(
    `INSERT INTO users (name, email, password_hash, email_verified_at)
     SELECT 'Typical colleague ' || g, 'typical-colleague-' || g || '@bench.test', 'not-a-hash', now()
     FROM generate_series(1, 2) g`,
  );
  // A full page (50) of past-due subscriptions and unhealthy instances, in the empty database too:
  // the operator console lists a page of each, so both databases answer with the same rows and
  // the ratio shows what the table sizes cost, not the difference between an empty and a full page.
  await q(
    `WITH c AS (SELECT id FROM users WHERE email = 'typical-colleague-1@bench.test'),
     o AS (
       INSERT INTO organizations (owner_id, name, type, subdomain, status)
       SELECT c.id, 'Behind on payment ' || g, 'school', 'behind-' || g, 'active'
       FROM c, generate_series(1, 50) g RETURNING id, owner_id, subdomain
     ),
     s AS (
       INSERT INTO subscriptions (organization_id, owner_id, provider, plan_type, status,
              current_period_start, current_period_end, past_due_since, billing_details)
       SELECT id, owner_id, 'test', 'basic', 'past_due', now() - interval '10 days',
              now() + interval '20 days', now() - interval '3 days', '{}'::jsonb FROM o
     )
     INSERT INTO instances (organization_id, owner_id, name, prefix, host, status, ssl_status,
            last_health_status, last_health_check)
     SELECT id, owner_id, 'site', 'site', 'site-' || subdomain || '.bench.test', 'active',
            'active', 'unhealthy', now() FROM o`,
  );
  const orgs = await q(
    `INSERT INTO organizations (owner_id, name, type, subdomain, status, created_at)
     SELECT $1, 'Typical org ' || g, 'school', 'typical-' || g,
            CASE WHEN g <= 4 THEN 'active' ELSE 'pending' END, now() - g * interval '3 days'
     FROM generate_series(1, 8) g RETURNING id, uuid, subdomain`,
    [user.id],
  );
  await q(
    `INSERT INTO instances (organization_id, owner_id, name, prefix, host, status, ssl_status)
     SELECT o.id, $1, 'site' || g, 'site' || g, 'site' || g || '-' || o.subdomain || '.bench.test',
            'active', 'active'
     FROM organizations o, generate_series(1, 2) g WHERE o.owner_id = $1 AND o.status = 'active'`,
    [user.id],
  );
  // 30 days of checks every 10 minutes on each of the customer's instances, with a 40-minute
  // incident two days ago: what the instance page and the uptime bars read.
  await q(
    `INSERT INTO instance_health_checks (instance_id, checked_at, healthy, status_code, response_ms)
     SELECT i.id, now() - g * interval '10 minutes', g NOT BETWEEN 288 AND 291,
            CASE WHEN g BETWEEN 288 AND 291 THEN 503 ELSE 200 END, 40 + g % 60
     FROM instances i, generate_series(0, 4319) g WHERE i.owner_id = $1`,
    [user.id],
  );
  const [instance] = await q(
    `SELECT uuid FROM instances WHERE owner_id = $1 ORDER BY id LIMIT 1`,
    [user.id],
  );
  await q(`INSERT INTO brandings (organization_id, primary_color) VALUES ($1, '#123456')`, [
    orgs[0].id,
  ]);
  const [sub] = await q(
    `INSERT INTO subscriptions (organization_id, owner_id, provider, plan_type, status,
            current_period_start, current_period_end, billing_details)
     VALUES ($1, $2, 'test', 'unlimited', 'active', now() - interval '5 days',
             now() + interval '25 days', '{}'::jsonb) RETURNING id`,
    [orgs[0].id, user.id],
  );
  await q(
    `INSERT INTO invoices (number, subscription_id, organization_id, description, status,
            total_pence, billing_details, created_at)
     SELECT 'TYPICAL-' || k, $1, $2, 'Monthly plan', 'paid', 9900, '{}'::jsonb,
            now() - k * interval '30 days'
     FROM generate_series(1, 12) k`,
    [sub.id, orgs[0].id],
  );
  const [invoice] = await q(
    `SELECT id, uuid FROM invoices WHERE organization_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [orgs[0].id],
  );
  await q(
    `INSERT INTO invoice_lines (invoice_id, description, unit_amount_pence, amount_pence)
     VALUES ($1, 'Unlimited plan', 9900, 9900)`,
    [invoice.id],
  );
  const tickets = await q(
    `INSERT INTO support_tickets (user_id, organization_id, subject, description, category, created_at)
     SELECT $1, $2, 'Typical ticket ' || g, 'Please help.', 'technical', now() - g * interval '5 days'
     FROM generate_series(1, 15) g RETURNING id, uuid`,
    [user.id, orgs[0].id],
  );
  await q(
    `INSERT INTO support_ticket_messages (ticket_id, author_id, message, created_at)
     SELECT t.id, $1, 'Message ' || g, t.created_at + g * interval '1 hour'
     FROM support_tickets t, generate_series(1, 3) g WHERE t.user_id = $1`,
    [user.id],
  );
  await q(
    `INSERT INTO activity_events (user_id, type, action, description, ip_address, user_agent, device, created_at)
     SELECT $1, ${TYPES}[1 + g % 5], 'login.success', 'Signed in', '10.0.0.2',
            'Mozilla/5.0 typical', 'Desktop', now() - g * interval '7 hours'
     FROM generate_series(1, 300) g`,
    [user.id],
  );
  await q(
    `INSERT INTO sessions (user_id, token_hash, user_agent, created_at, last_active_at, expires_at)
     SELECT $1, CASE WHEN g = 1 THEN $2 ELSE md5('t' || g) || md5('u' || g) END,
            'Mozilla/5.0 typical', now() - g * interval '1 day', now(), now() + interval '60 days'
     FROM generate_series(1, 4) g`,
    [user.id, sha256Hex(token)],
  );
  return {
    userId: user.id,
    userUuid: user.uuid,
    staffToken,
    token,
    organizationUuid: orgs[0].uuid,
    subdomain: orgs[0].subdomain,
    ticketUuid: tickets[0].uuid,
    instanceUuid: instance.uuid,
    invoiceUuid: invoice.uuid,
  };
}
