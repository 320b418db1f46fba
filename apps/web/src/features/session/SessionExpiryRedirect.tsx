import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * When any call answers 401 with session_expired (the tRPC client fires scmp:session-expired),
 * sends the user to /login?session_expired=true unless already on /login. Mount inside the router,
 * after the routed page: the navigation runs in an effect of the same commit that signs the user
 * out, after any protected route's own redirect, so this one is the last word.
 */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const onExpired = () => {
      if (pathnameRef.current !== '/login') setPending(true);
    };
    window.addEventListener('scmp:session-expired', onExpired);
    return () => window.removeEventListener('scmp:session-expired', onExpired);
  }, []);

  useEffect(() => {
    if (!pending) return;
    setPending(false);
    navigate('/login?session_expired=true', { replace: true });
  }, [pending, navigate]);

  return null;
}
