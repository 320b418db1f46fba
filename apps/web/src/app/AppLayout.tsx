import { Anchor, Box, Center, Group, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

/** The page shell: top navigation, the routed page, the footer. Scrolls to top on every route change. */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box>
      <Group component="nav" aria-label="Main" p="md" gap="lg">
        <Anchor component={Link} to="/">
          Home
        </Anchor>
        <Anchor component={Link} to="/features">
          Features
        </Anchor>
        <Anchor component={Link} to="/pricing">
          Pricing
        </Anchor>
        <Anchor component={Link} to="/case-studies">
          Case Studies
        </Anchor>
        <Anchor component={Link} to="/health-safety-compliance">
          Health & Safety
        </Anchor>
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
        <Anchor component={Link} to="/signup">
          Register
        </Anchor>
      </Group>
      <main>
        <Suspense
          fallback={
            <Center py={120}>
              <Loader aria-label="Loading page" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </Box>
  );
}
