import { unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router';
import { CookieConsentProvider } from '../features/cookies';
import { SessionProvider } from '../features/session';
import { TenantProvider } from '../features/tenant';
import { history } from '../lib/navigation-guard';
import { DeferredOverlays } from './DeferredOverlays';
import { routes } from './routes';
import './global.css';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The shell. TanStack Query and tRPC are not here: pages that load data get them from page() in
 * routes.tsx, the session from SessionProvider, so the public pages' first load stays small.
 */
export function App() {
  return (
    // Loads the tenant (or the main site's defaults) and provides the branded Mantine theme.
    <TenantProvider>
      <DeferredOverlays />
      <CookieConsentProvider>
        <SessionProvider>
          {/* The declarative router: the data router's loaders and actions are not used here. */}
          <HistoryRouter history={history}>
            <AppRoutes />
          </HistoryRouter>
        </SessionProvider>
      </CookieConsentProvider>
    </TenantProvider>
  );
}
