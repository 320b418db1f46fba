import { apiTokensRouter } from './routers/api-tokens/router';
import { authRouter } from './routers/auth/router';
import { brandingRouter } from './routers/branding/router';
import { dashboardRouter } from './routers/dashboard/router';
import { healthRouter } from './routers/health/router';
import { instancesRouter } from './routers/instances/router';
import { membersRouter } from './routers/members/router';
import { organizationsRouter } from './routers/organizations/router';
import { passkeysRouter } from './routers/passkeys/router';
import { privacyRouter } from './routers/privacy/router';
import { profileRouter } from './routers/profile/router';
import { publicSiteRouter } from './routers/public-site/router';
import { ssoRouter } from './routers/sso/router';
import { staffRouter } from './routers/staff/router';
import { subscriptionRouter } from './routers/subscription/router';
import { supportRouter } from './routers/support/router';
import { twoFactorRouter } from './routers/two-factor/router';
import { webhooksRouter } from './routers/webhooks/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
  publicSite: publicSiteRouter,
  dashboard: dashboardRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  instances: instancesRouter,
  branding: brandingRouter,
  support: supportRouter,
  subscription: subscriptionRouter,
  profile: profileRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  sso: ssoRouter,
  staff: staffRouter,
  privacy: privacyRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
