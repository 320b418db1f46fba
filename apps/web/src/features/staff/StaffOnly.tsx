import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import NotFoundPage from '../../pages/public/NotFoundPage';
import { useSession } from '../session';

/** Staff only: everyone else sees the not-found page, as if the console did not exist. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) {
    return (
      <Center py={120}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!user?.is_staff) return <NotFoundPage />;
  return <>{children}</>;
}
