import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/session';

/** /login and /signup send signed-in visitors to the dashboard (or back to where sign-in was asked for). */
export function RedirectIfAuthenticated() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (isAuthenticated) {
    const from = (location.state as { from?: unknown } | null)?.from;
    const target =
      typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
        ? from
        : '/dashboard';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
