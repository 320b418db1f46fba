import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CookieConsentProvider } from '../features/cookies/CookieConsentProvider';
import { SessionProvider } from '../features/session/SessionProvider';
import { TenantProvider } from '../features/tenant/TenantProvider';
import { createClient, createQueryClient, TRPCProvider } from '../lib/trpc';
import { routes } from './routes';
import './global.css';

// The toast renderer is not needed for the first paint; notifications shown earlier wait in its store.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {/* Loads the tenant (or the main site's defaults) and provides the branded Mantine theme. */}
        <TenantProvider>
          <ModalsProvider>
            <Suspense fallback={null}>
              <Notifications position="top-right" />
            </Suspense>
            <CookieConsentProvider>
              <SessionProvider>
                <RouterProvider router={router} />
              </SessionProvider>
            </CookieConsentProvider>
          </ModalsProvider>
        </TenantProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
