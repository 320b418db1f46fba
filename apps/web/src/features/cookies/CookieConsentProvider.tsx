import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  ALL_COOKIES,
  clearConsent,
  DEFAULT_COOKIE_PREFERENCES,
  readConsented,
  readPreferences,
  writeConsent,
  type CookiePreferences,
} from './consent-storage';
import { lazyNamed } from '../../lib/lazy-named';

// The banner (first visit only) and the dialog (Modal, ScrollArea, FocusTrap, only when someone
// opens it) are not part of the entry every returning visitor downloads.
const CookieBanner = lazyNamed(() => import('./CookieBanner'), 'CookieBanner');
const CookiePreferencesModal = lazyNamed(
  () => import('./CookiePreferencesModal'),
  'CookiePreferencesModal',
);

export type { CookiePreferences } from './consent-storage';

type CookieConsentState = {
  preferences: CookiePreferences;
  hasConsented: boolean;
  /** Opens the Cookie Preferences dialog (also used by the /cookies page). */
  openPreferences: () => void;
  /** Clears the stored consent and shows the banner again. */
  reset: () => void;
  acceptAll: () => void;
  acceptEssential: () => void;
  save: (preferences: Omit<CookiePreferences, 'essential'>) => void;
};

const CookieConsentContext = createContext<CookieConsentState | null>(null);

/** Cookie consent state, the bottom banner and the preferences dialog (spec part 1 §2, §4). */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<CookiePreferences>(readPreferences);
  const [hasConsented, setHasConsented] = useState<boolean>(readConsented);
  const [dialogOpen, setDialogOpen] = useState(false);

  const commit = useCallback((next: CookiePreferences) => {
    const value = { ...next, essential: true as const };
    writeConsent(value);
    setPreferences(value);
    setHasConsented(true);
    setDialogOpen(false);
  }, []);

  const value = useMemo<CookieConsentState>(
    () => ({
      preferences,
      hasConsented,
      openPreferences: () => setDialogOpen(true),
      reset: () => {
        clearConsent();
        setPreferences(DEFAULT_COOKIE_PREFERENCES);
        setHasConsented(false);
      },
      acceptAll: () => commit(ALL_COOKIES),
      acceptEssential: () => commit(DEFAULT_COOKIE_PREFERENCES),
      save: (chosen) => commit({ ...chosen, essential: true }),
    }),
    [preferences, hasConsented, commit],
  );

  return (
    <CookieConsentContext.Provider value={value}>
      {children}
      {!hasConsented && !dialogOpen ? (
        <Suspense fallback={null}>
          <CookieBanner
            onAcceptAll={value.acceptAll}
            onEssentialOnly={value.acceptEssential}
            onCustomize={value.openPreferences}
          />
        </Suspense>
      ) : null}
      {dialogOpen ? (
        <Suspense fallback={null}>
          <CookiePreferencesModal
            opened
            initial={preferences}
            onCancel={() => setDialogOpen(false)}
            onAcceptAll={value.acceptAll}
            onSave={value.save}
          />
        </Suspense>
      ) : null}
    </CookieConsentContext.Provider>
  );
}

export function useCookieConsent(): CookieConsentState {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent must be used inside CookieConsentProvider');
  return value;
}
