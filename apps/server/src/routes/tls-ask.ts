import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isServedHost, type AppDeps } from '@scmp/api';

/** TLS_ASK_ALLOW as a BlockList (used as an allow list): addresses and CIDR ranges. */
function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** The socket's own peer (never X-Forwarded-For: the proxy asking is the peer itself). */
function peerAllowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return list.check(v4, 'ipv4');
  return isIP(address) === 6 && list.check(address, 'ipv6');
}

/**
 * GET /api/v1/internal/tls/ask?domain=<host>: 200 when this deployment serves the host right now,
 * 404 otherwise. Caddy's `on_demand_tls { ask … }` calls it before obtaining a certificate, so
 * certificates are issued only for real tenants. Only addresses in TLS_ASK_ALLOW (default
 * loopback) may ask; others get 404 as if it did not exist. Not in the OpenAPI document.
 */
export async function registerTlsAskRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const allowed = allowList(deps.config.tls.askAllow);
  app.get<{ Querystring: { domain?: string } }>(
    '/api/v1/internal/tls/ask',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!peerAllowed(allowed, request.socket.remoteAddress))
        return reply.code(404).send({ success: false, message: 'Not found' });
      const domain = typeof request.query.domain === 'string' ? request.query.domain : '';
      const served = domain.length > 0 && (await isServedHost(deps, domain));
      if (!served) {
        request.log.info({ domain: domain.slice(0, 253) }, 'tls ask refused');
        return reply.code(404).send({ success: false, message: 'Not served here' });
      }
      return reply.code(200).send({ success: true, message: 'Served here' });
    },
  );
}
