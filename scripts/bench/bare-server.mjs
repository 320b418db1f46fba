// The yardstick C: a bare Fastify route serving a trivial ~1 KB JSON answer (issue 12's definition).
import Fastify from 'fastify';

const body = JSON.stringify({
  success: true,
  data: Array.from({ length: 13 }, (_, i) => ({
    id: `item-${i}`,
    name: `Trivial item number ${i}`,
    value: i * 50,
    active: i % 2 === 0,
  })),
});
if (body.length < 900 || body.length > 1100) throw new Error(`yardstick body is ${body.length} bytes`);
const app = Fastify({ logger: false });
app.get('/', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/api/v1/health', (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
