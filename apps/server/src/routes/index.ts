import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@scmp/api';
import { registerBillingRoutes } from './billing';
import { registerActivityExportRoutes } from './activity-export';
import { registerAvatarRoutes } from './avatar';
import { registerBrandingFileRoutes } from './branding-files';
import { registerDataExportRoutes } from './data-exports';
import { registerDevMailRoutes } from './dev-mail';
import { registerHostRouting } from './host-routing';
import { registerSsoRoutes } from './sso';
import { registerDemoIdp } from '../demo-idp/demo-idp';
import { registerSupportRoutes } from './support';
import { registerTlsAskRoute } from './tls-ask';
import type { RouteContext } from './context';

export type { RouteContext };

/**
 * Plain Fastify routes beside the two doors (uploads are procedures): file downloads, webhooks,
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
  await registerDataExportRoutes(app, deps);
  await registerBrandingFileRoutes(app, deps);
  await registerBillingRoutes(app, deps);
  await registerTlsAskRoute(app, deps);
  await registerSsoRoutes(app, deps);
  // Local mode only (never with APP_ENV=production): the offline identity provider of the demo.
  await registerDemoIdp(app, deps);
}
