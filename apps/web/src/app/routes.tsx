import { lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireAuth } from './RequireAuth';
import { RedirectIfAuthenticated } from './RedirectIfAuthenticated';

type PageModule = { default: React.ComponentType };

/** Each page element's chunk loader, so the first page can start loading before the shell renders. */
const loaders = new Map<React.ReactElement, () => Promise<unknown>>();

/** Every route of both spec parts; each page is its own chunk, loaded with the data layer. */
const page = (load: () => Promise<PageModule>) => {
  const loadAll = () => Promise.all([load(), import('../lib/DataProvider')]);
  const Component = lazy(() =>
    loadAll().then(([{ default: Page }, data]) => ({
      default: () => (
        <data.DataProvider>
          <Page />
        </data.DataProvider>
      ),
    })),
  );
  const element = <Component />;
  loaders.set(element, loadAll);
  return element;
};

/** A page that loads no data (no TanStack Query, no tRPC): the small first load of public pages. */
const staticPage = (load: () => Promise<PageModule>) => {
  const Component = lazy(load);
  const element = <Component />;
  loaders.set(element, load);
  return element;
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: staticPage(() => import('../pages/public/HomePage')) },
      { path: '/features', element: staticPage(() => import('../pages/public/FeaturesPage')) },
      { path: '/pricing', element: staticPage(() => import('../pages/public/PricingPage')) },
      {
        path: '/case-studies',
        element: staticPage(() => import('../pages/public/CaseStudiesPage')),
      },
      {
        path: '/health-safety-compliance',
        element: staticPage(() => import('../pages/public/HealthSafetyPage')),
      },
      { path: '/contact', element: page(() => import('../pages/public/ContactPage')) },
      { path: '/terms', element: staticPage(() => import('../pages/legal/TermsPage')) },
      { path: '/privacy', element: staticPage(() => import('../pages/legal/PrivacyPage')) },
      { path: '/cookies', element: staticPage(() => import('../pages/legal/CookiesPage')) },
      { path: '/user-guides', element: staticPage(() => import('../pages/help/UserGuidesPage')) },
      {
        path: '/training-videos',
        element: staticPage(() => import('../pages/help/TrainingVideosPage')),
      },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: '/login', element: page(() => import('../pages/auth/LoginPage')) },
          { path: '/signup', element: page(() => import('../pages/auth/SignupPage')) },
        ],
      },
      { path: '/login/sso', element: page(() => import('../pages/auth/SsoCompletePage')) },
      { path: '/forgot-password', element: page(() => import('../pages/auth/ForgotPasswordPage')) },
      { path: '/reset-password', element: page(() => import('../pages/auth/ResetPasswordPage')) },
      {
        path: '/verify-email/:id/:hash',
        element: page(() => import('../pages/auth/VerifyEmailPage')),
      },
      {
        path: '/api/v1/auth/verify-email/:id/:hash',
        element: page(() => import('../pages/auth/VerifyEmailPage')),
      },
      {
        path: '/cancel-email-change',
        element: page(() => import('../pages/auth/CancelEmailChangePage')),
      },
      {
        path: '/restore-account',
        element: page(() => import('../pages/auth/RestoreAccountPage')),
      },
      {
        path: '/invitations/:token',
        element: page(() => import('../pages/invitations/InvitationPage')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/dashboard',
            element: page(() => import('../pages/dashboard/DashboardHomePage')),
          },
          {
            path: '/dashboard/organizations',
            element: page(() => import('../pages/dashboard/organizations/OrganizationsPage')),
          },
          {
            path: '/dashboard/organizations/:orgUuid',
            element: page(() => import('../pages/dashboard/organizations/OrganizationDetailPage')),
          },
          {
            path: '/dashboard/instances',
            element: page(() => import('../pages/dashboard/instances/InstancesPage')),
          },
          {
            path: '/dashboard/instances/:uuid',
            element: page(() => import('../pages/dashboard/instances/InstanceDetailPage')),
          },
          {
            path: '/dashboard/branding/:orgUuid',
            element: page(() => import('../pages/dashboard/branding/BrandingEditorPage')),
          },
          {
            path: '/dashboard/tenant/:orgUuid',
            element: page(() => import('../pages/dashboard/tenant/TenantSubdomainPage')),
          },
          {
            path: '/dashboard/subscription',
            element: page(() => import('../pages/dashboard/subscription/SubscriptionPage')),
          },
          {
            path: '/dashboard/support',
            element: page(() => import('../pages/dashboard/support/SupportPage')),
          },
          {
            path: '/dashboard/support/staff',
            element: page(() => import('../pages/dashboard/support/StaffConsolePage')),
          },
          {
            path: '/dashboard/staff',
            element: page(() => import('../pages/dashboard/staff/OperatorConsolePage')),
          },
          {
            path: '/dashboard/staff/customers/:uuid',
            element: page(() => import('../pages/dashboard/staff/StaffCustomerPage')),
          },
          {
            path: '/confirm-email-change',
            element: page(() => import('../pages/auth/ConfirmEmailChangePage')),
          },
          {
            path: '/dashboard/profile',
            element: page(() => import('../pages/dashboard/account/ProfilePage')),
          },
          {
            path: '/dashboard/security',
            element: page(() => import('../pages/dashboard/account/SecurityPage')),
          },
          {
            path: '/dashboard/notifications',
            element: page(() => import('../pages/dashboard/account/NotificationsPage')),
          },
          {
            path: '/dashboard/activity-log',
            element: page(() => import('../pages/dashboard/account/ActivityLogPage')),
          },
        ],
      },
      { path: '*', element: staticPage(() => import('../pages/public/NotFoundPage')) },
    ],
  },
];

/**
 * Starts fetching the chunk of the page at `pathname` (called at start-up, in parallel with the
 * tenant's branding request) instead of after the shell's first render.
 */
export function preloadRoute(pathname: string): void {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  const load = element ? loaders.get(element as React.ReactElement) : undefined;
  load?.().catch(() => {
    /* the router's own load reports failures */
  });
}
