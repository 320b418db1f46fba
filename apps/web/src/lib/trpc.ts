import { QueryClient, MutationCache, QueryCache } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@scmp/api';
import { dataLayer } from './data-layer-ref';
import { clearStoredToken, getStoredToken } from './token';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The REST-style envelope the server puts in every error (message, code, errors, flags). */
export type ErrorEnvelope = {
  success: false;
  message: string;
  code: string;
  errors?: Record<string, string[]>;
  session_expired?: boolean;
  email_verification_required?: boolean;
  email?: string;
  two_factor_required?: boolean;
  [key: string]: unknown;
};

export function errorEnvelopeOf(error: unknown): ErrorEnvelope | null {
  if (error instanceof TRPCClientError) {
    const data = error.data as { envelope?: ErrorEnvelope } | undefined;
    if (data?.envelope) return data.envelope;
    return { success: false, message: error.message, code: 'UNKNOWN' };
  }
  return null;
}

/** The server's message when it sent one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const envelope = errorEnvelopeOf(error);
  return envelope?.message || fallback;
}

/** A 401 with session_expired anywhere clears the session and sends the user to sign in. */
function handleSessionExpired(error: unknown): void {
  if (!errorEnvelopeOf(error)?.session_expired) return;
  clearStoredToken();
  window.dispatchEvent(new Event('scmp:session-expired'));
}

/**
 * A 401 with session_expired clears the session; a 403 TWO_FACTOR_REQUIRED (an organization's
 * Require two-factor policy) keeps the server's explanation for the Security page. Either way
 * SessionExpiryRedirect sends the user on.
 */
function handleGlobalErrors(error: unknown): void {
  handleSessionExpired(error);
  const envelope = errorEnvelopeOf(error);
  if (envelope?.code !== 'TWO_FACTOR_REQUIRED') return;
  try {
    sessionStorage.setItem('scmp:two-factor-required', envelope.message);
  } catch {
    /* no storage: the Security page explains in general terms */
  }
  window.dispatchEvent(new Event('scmp:two-factor-required'));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleGlobalErrors }),
    mutationCache: new MutationCache({ onError: handleGlobalErrors }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          const code = errorEnvelopeOf(error)?.code;
          if (code && code !== 'SERVICE_UNAVAILABLE' && code !== 'INTERNAL' && code !== 'UNKNOWN')
            return false;
          return count < 2;
        },
      },
    },
  });
}

export function createClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers: () => {
          const token = getStoredToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

/** The app's one query cache and tRPC client (this module loads once, with the first data page). */
export const queryClient = createQueryClient();
export const trpcClient = createClient();
/** Query options outside React components and providers (the session keeper uses it). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

dataLayer.current = {
  seedUser: (user) =>
    queryClient.setQueryData(trpc.auth.me.queryKey(), { success: true as const, data: user }),
  clear: () => queryClient.clear(),
};
