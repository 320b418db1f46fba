import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Where the explanation of the last TWO_FACTOR_REQUIRED answer waits for the Security page. */
export const TWO_FACTOR_REQUIRED_KEY = 'scmp:two-factor-required';

/**
 * An organization requires two-factor authentication and this member has none (any call answered
 * 403 TWO_FACTOR_REQUIRED): sends them to the two-factor setup (/dashboard/security) with the
 * server's explanation, before any page of that organization.
 */
export function TwoFactorRequiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const onRequired = (event: Event) => {
      const message = (event as CustomEvent<string>).detail;
      try {
        sessionStorage.setItem(TWO_FACTOR_REQUIRED_KEY, message);
      } catch {
        /* storage unavailable: the page shows a general explanation */
      }
      navigate('/dashboard/security?two_factor_required=1', { replace: true });
    };
    window.addEventListener('scmp:two-factor-required', onRequired);
    return () => window.removeEventListener('scmp:two-factor-required', onRequired);
  }, [navigate]);
  return null;
}

/** The explanation to show on the Security page after such a redirect (null: none). */
export function twoFactorRequiredExplanation(search: string): string | null {
  if (!new URLSearchParams(search).has('two_factor_required')) return null;
  let message: string | null = null;
  try {
    message = sessionStorage.getItem(TWO_FACTOR_REQUIRED_KEY);
  } catch {
    message = null;
  }
  return (
    message ??
    'Your organization requires two-factor authentication. Set up an authenticator app or a passkey to continue.'
  );
}
