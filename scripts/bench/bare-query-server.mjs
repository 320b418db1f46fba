// The floor for any route that makes one PostgreSQL query per request: a bare Fastify route that
// checks a bearer header is present and runs the organization-list query (the same SQL the
// server's list makes on a cache miss) as a named prepared statement through node-postgres, for
// the demo customer. No session, no validation, no envelope, no security headers: nothing of the
// product, so its figure is what these cores allow before any of it (DATABASE_URL, PORT).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const owner = await pool.query('SELECT id FROM users WHERE email = $1', ['demo@scmp.test']);
if (owner.rowCount !== 1) throw new Error('the demo customer is missing');
const ownerId = owner.rows[0].id;
const text = `SELECT o.*, (SELECT count(*)::int FROM instances i WHERE i.organization_id = o.id
  AND i.status != $2) AS live_instances FROM organizations o WHERE o.owner_id = $1
  ORDER BY o.created_at DESC, o.id DESC`;

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get('/organizations', async (req, reply) => {
  if (!req.headers.authorization) return reply.code(401).send({ success: false });
  const result = await pool.query({ name: 'list', text, values: [ownerId, 'terminated'] });
  return { success: true, data: result.rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
});
