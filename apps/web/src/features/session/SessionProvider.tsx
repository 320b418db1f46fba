import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import { clearStoredToken, getStoredToken, setStoredToken } from '../../lib/token';
import type { RouterOutputs } from '../../lib/types';

export type SessionUser = RouterOutputs['auth']['me']['data'];

type SessionState = {
  user: SessionUser | null;
  /** True while the stored token is being checked at start. */
  loading: boolean;
  isAuthenticated: boolean;
  needsVerification: boolean;
  signIn: (token: string, user: SessionUser) => void;
  signOutLocally: () => void;
  refetchUser: () => Promise<unknown>;
};

const SessionContext = createContext<SessionState | null>(null);

/** Spec part 1 §9: validity is re-checked every 300 seconds (and on focus / tab visible). */
export const SESSION_RECHECK_MS = 300_000;
/** Focus and visibilitychange usually fire together; one check covers both. */
const MIN_CHECK_GAP_MS = 2_000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getStoredToken());
  const meQuery = useQuery({
    ...trpc.auth.me.queryOptions(),
    enabled: Boolean(token),
    staleTime: Infinity,
  });

  const signOutLocally = useCallback(() => {
    clearStoredToken();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    const onExpired = () => {
      setToken(null);
      queryClient.clear();
    };
    window.addEventListener('scmp:session-expired', onExpired);
    return () => window.removeEventListener('scmp:session-expired', onExpired);
  }, [queryClient]);

  // Re-validate while signed in. A 401 with session_expired is handled by the query cache's global
  // handler (clears the token, fires scmp:session-expired); an unknown token signs out locally;
  // any other failure is only logged and the session is kept.
  const lastCheck = useRef(0);
  const validate = useCallback(async () => {
    if (!getStoredToken()) return;
    const now = Date.now();
    if (now - lastCheck.current < MIN_CHECK_GAP_MS) return;
    lastCheck.current = now;
    try {
      await queryClient.fetchQuery({
        ...trpc.auth.validateSession.queryOptions(),
        staleTime: 0,
        retry: false,
      });
    } catch (error) {
      const envelope = errorEnvelopeOf(error);
      if (envelope?.session_expired) return;
      if (envelope?.code === 'UNAUTHENTICATED') {
        signOutLocally();
        return;
      }
      console.warn('Session validation failed', error);
    }
  }, [queryClient, trpc, signOutLocally]);

  useEffect(() => {
    if (!token) return;
    const onFocus = () => void validate();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void validate();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(() => void validate(), SESSION_RECHECK_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
    };
  }, [token, validate]);

  const signIn = useCallback(
    (newToken: string, user: SessionUser) => {
      setStoredToken(newToken);
      queryClient.setQueryData(trpc.auth.me.queryKey(), { success: true as const, data: user });
      setToken(newToken);
    },
    [queryClient, trpc],
  );

  const user = token ? (meQuery.data?.data ?? null) : null;
  const value = useMemo<SessionState>(
    () => ({
      user,
      loading: Boolean(token) && meQuery.isPending,
      isAuthenticated: Boolean(user),
      needsVerification: Boolean(user && !user.email_verified_at),
      signIn,
      signOutLocally,
      refetchUser: () => meQuery.refetch(),
    }),
    [user, token, meQuery, signIn, signOutLocally],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
