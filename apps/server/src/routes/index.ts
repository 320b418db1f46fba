import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@scmp/api';
import type { SpaServer } from '../plugins/spa';

export type RouteContext = { spa: SpaServer };

/**
 * Plain Fastify routes beside the two doors: uploads (multipart), file downloads, webhooks,
 * the dev mail viewer, tenant/instance host routing. Each area registers its own here.
 */
export async function registerRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _context: RouteContext,
): Promise<void> {}
