import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCookieConsent } from './CookieConsentProvider';

/** Sends a page view per route, only while analytics cookies are allowed (module loaded lazily). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { preferences, hasConsented } = useCookieConsent();
  const allowed = hasConsented && preferences.analytics;
  useEffect(() => {
    if (!allowed) return;
    let cancelled = false;
    void import('./analytics').then((analytics) => {
      if (!cancelled) analytics.sendPageView(pathname);
    });
    return () => {
      cancelled = true;
    };
  }, [allowed, pathname]);
  return null;
}
