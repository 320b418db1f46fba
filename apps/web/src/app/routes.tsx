import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireAuth } from './RequireAuth';
import { RedirectIfAuthenticated } from './RedirectIfAuthenticated';

/** Every route of both spec parts; each page is its own chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: page(() => import('../pages/public/HomePage')) },
      { path: '/features', element: page(() => import('../pages/public/FeaturesPage')) },
      { path: '/pricing', element: page(() => import('../pages/public/PricingPage')) },
      { path: '/case-studies', element: page(() => import('../pages/public/CaseStudiesPage')) },
      {
        path: '/health-safety-compliance',
        element: page(() => import('../pages/public/HealthSafetyPage')),
      },
      { path: '/contact', element: page(() => import('../pages/public/ContactPage')) },
      { path: '/terms', element: page(() => import('../pages/legal/TermsPage')) },
      { path: '/privacy', element: page(() => import('../pages/legal/PrivacyPage')) },
      { path: '/cookies', element: page(() => import('../pages/legal/CookiesPage')) },
      { path: '/user-guides', element: page(() => import('../pages/help/UserGuidesPage')) },
      { path: '/training-videos', element: page(() => import('../pages/help/TrainingVideosPage')) },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: '/login', element: page(() => import('../pages/auth/LoginPage')) },
          { path: '/signup', element: page(() => import('../pages/auth/SignupPage')) },
        ],
      },
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
      { path: '*', element: page(() => import('../pages/public/NotFoundPage')) },
    ],
  },
];
