import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/session';

/** Protected routes: a spinner while the session loads; anonymous visitors go to /login and come back. */
export function RequireAuth() {
  const { isAuthenticated, loading } = useSession();
  const location = useLocation();
  if (loading) {
    return (
      <Center py={120} aria-busy="true" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!isAuthenticated) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return <Outlet />;
}
