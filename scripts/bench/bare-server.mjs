// The yardstick: a bare Fastify route returning the same bytes as GET /api/v1/health.
import Fastify from 'fastify';

const body = JSON.stringify({ success: true, data: { status: 'ok', database: 'ok' } });
const app = Fastify({ logger: false });
app.get('/', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/api/v1/health', (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
