import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTRPC } from '../../lib/trpc';
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
