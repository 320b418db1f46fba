import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * When any call answers 401 with session_expired (the tRPC client fires scmp:session-expired),
 * sends the user to /login?session_expired=true unless already on /login; when one answers 403
 * TWO_FACTOR_REQUIRED (scmp:two-factor-required), to the two-factor setup. Mount inside the router,
 * after the routed page: the navigation runs in an effect of the same commit that signs the user
 * out, after any protected route's own redirect, so this one is the last word.
 */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const onExpired = () => {
      if (pathnameRef.current !== '/login') setPending('/login?session_expired=true');
    };
    // An organization requires two-factor authentication (403 TWO_FACTOR_REQUIRED): to the setup.
    const onTwoFactor = () => setPending('/dashboard/security?two_factor_required=1');
    window.addEventListener('scmp:session-expired', onExpired);
    window.addEventListener('scmp:two-factor-required', onTwoFactor);
    return () => {
      window.removeEventListener('scmp:session-expired', onExpired);
      window.removeEventListener('scmp:two-factor-required', onTwoFactor);
    };
  }, []);

  useEffect(() => {
    if (!pending) return;
    setPending(null);
    navigate(pending, { replace: true });
  }, [pending, navigate]);

  return null;
}
