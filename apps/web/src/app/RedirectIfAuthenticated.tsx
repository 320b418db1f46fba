import { Navigate, Outlet } from 'react-router';
import { useSession } from '../features/session/SessionProvider';

/** /login and /signup send signed-in visitors to the dashboard. */
export function RedirectIfAuthenticated() {
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
