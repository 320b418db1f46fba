import { Box, Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageViewTracker } from '../features/cookies';
import { SessionExpiryRedirect } from '../features/session';
import { SiteFooter, SiteHeader } from '../features/shell';

/** The page shell: top navigation, the routed page, the footer. Scrolls to top on every route change. */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall, so the footer starts below the fold and never shifts as pages load. */}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        mih="100vh"
        style={{ flex: 1, outline: 'none' }}
      >
        {/* Keyed by path so each page gets its own loading fallback while its chunk loads. */}
        <Suspense
          key={pathname}
          fallback={
            <Center py={120}>
              <Loader aria-label="Loading page" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <PageViewTracker />
      <SessionExpiryRedirect />
    </Box>
  );
}
