import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { errorEnvelopeOf, queryClient, trpc } from '../../lib/trpc';
import { getStoredToken } from '../../lib/token';
import type { MeState } from './session-types';

/** Spec part 1 §9: validity is re-checked every 300 seconds (and on focus / tab visible). */
export const SESSION_RECHECK_MS = 300_000;
/** Focus and visibilitychange usually fire together; one check covers both. */
const MIN_CHECK_GAP_MS = 2_000;

/**
 * Mounted by SessionProvider while a token is stored (loaded with the data layer): keeps the
 * signed-in user from auth.me and re-validates the session.
 */
export default function SessionSync({
  onState,
  signOutLocally,
}: {
  onState: (state: MeState) => void;
  signOutLocally: () => void;
}) {
  const { data, isPending, refetch } = useQuery(
    { ...trpc.auth.me.queryOptions(), staleTime: Infinity },
    queryClient,
  );
  useEffect(() => {
    onState({ user: data?.data ?? null, pending: isPending, refetch });
  }, [data, isPending, refetch, onState]);

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
  }, [signOutLocally]);

  useEffect(() => {
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
  }, [validate]);

  return null;
}
