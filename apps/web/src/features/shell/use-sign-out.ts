import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session';
import { getStoredToken } from '../../lib/token';

/**
 * Sign out: tell the server (POST /auth/logout), then clear the local session whatever the
 * answer, and go to /login.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { signOutLocally } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    const token = getStoredToken();
    try {
      if (token) {
        await fetch('/api/v1/auth/logout', {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
          },
          body: '{}',
        });
      }
    } catch {
      /* local state is cleared even if the call fails */
    } finally {
      signOutLocally();
      setSigningOut(false);
      void navigate('/login', { replace: true });
    }
  }, [navigate, signOutLocally]);
  return { signOut, signingOut };
}
