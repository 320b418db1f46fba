import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/session/SessionProvider';
import { createClient, createQueryClient, TRPCProvider } from '../lib/trpc';
import { routes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <MantineProvider theme={theme}>
          <ModalsProvider>
            <Notifications position="top-right" />
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </ModalsProvider>
        </MantineProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
