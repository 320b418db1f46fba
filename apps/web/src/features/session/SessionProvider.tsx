import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { dataLayer } from '../../lib/data-layer-ref';
import { clearStoredToken, getStoredToken, setStoredToken } from '../../lib/token';
import type { SessionUser } from '../../lib/types';
import type { MeState } from './session-types';

export type { SessionUser };
export type { MeState };

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

// The auth.me query and the periodic re-validation need TanStack Query and the tRPC client: they
// load only when a token is stored, so anonymous visits to public pages skip the data layer.
const SessionSync = lazy(() => import('./SessionSync'));

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => getStoredToken());
  const [me, setMe] = useState<MeState | null>(null);
  /** The user a fresh sign-in handed over, until auth.me reports. */
  const [signedInUser, setSignedInUser] = useState<SessionUser | null>(null);

  const forget = useCallback(() => {
    setToken(null);
    setMe(null);
    setSignedInUser(null);
    dataLayer.current?.clear();
  }, []);

  const signOutLocally = useCallback(() => {
    clearStoredToken();
    forget();
  }, [forget]);

  useEffect(() => {
    window.addEventListener('scmp:session-expired', forget);
    return () => window.removeEventListener('scmp:session-expired', forget);
  }, [forget]);

  const signIn = useCallback((newToken: string, user: SessionUser) => {
    setStoredToken(newToken);
    dataLayer.current?.seedUser(user);
    setSignedInUser(user);
    setToken(newToken);
  }, []);

  const settled = me !== null && !me.pending;
  const user = token ? (settled ? me.user : (me?.user ?? signedInUser)) : null;
  const value = useMemo<SessionState>(
    () => ({
      user,
      loading: Boolean(token) && !user && !settled,
      isAuthenticated: Boolean(user),
      needsVerification: Boolean(user && !user.email_verified_at),
      signIn,
      signOutLocally,
      refetchUser: () => me?.refetch() ?? Promise.resolve(),
    }),
    [user, token, settled, me, signIn, signOutLocally],
  );
  return (
    <SessionContext.Provider value={value}>
      {children}
      {token ? (
        <Suspense fallback={null}>
          <SessionSync onState={setMe} signOutLocally={signOutLocally} />
        </Suspense>
      ) : null}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
