import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@scmp/api';
import type { SpaServer } from '../plugins/spa';
import { registerBillingRoutes } from './billing';
import { registerActivityExportRoutes } from './activity-export';
import { registerAvatarRoutes } from './avatar';
import { registerBrandingFileRoutes } from './branding-files';
import { registerDevMailRoutes } from './dev-mail';
import { registerHostRouting } from './host-routing';
import { registerSsoRoutes } from './sso';
import { registerSupportRoutes } from './support';
import { registerTlsAskRoute } from './tls-ask';

export type RouteContext = { spa: SpaServer };

/**
 * Plain Fastify routes beside the two doors: uploads (multipart), file downloads, webhooks,
 * the dev mail viewer, tenant/instance host routing. Each area registers its own here.
 */
export async function registerRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  context: RouteContext,
): Promise<void> {
  await registerHostRouting(app, deps, context);
  await registerDevMailRoutes(app, deps);
  await registerSupportRoutes(app, deps);
  await registerAvatarRoutes(app, deps);
  await registerActivityExportRoutes(app, deps);
  await registerBrandingFileRoutes(app, deps);
  await registerBillingRoutes(app, deps);
  await registerTlsAskRoute(app, deps);
  await registerSsoRoutes(app, deps);
}
