import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CookieConsentProvider } from '../features/cookies/CookieConsentProvider';
import { SessionProvider } from '../features/session/SessionProvider';
import { TenantProvider } from '../features/tenant/TenantProvider';
import { createClient, createQueryClient, TRPCProvider } from '../lib/trpc';
import { routes } from './routes';
import './global.css';

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
            <Notifications position="top-right" />
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
