import type { SessionUser } from '../session';
import type { useTRPCClient } from '../../lib/trpc';

/*
 * The browser side of passkeys. This module imports no React code of its own, so the sign-in
 * page can load it on demand without reshaping the shared chunks of its first load.
 */

/**
 * @simplewebauthn/browser, loaded when a passkey is first needed: it stays out of the sign-in
 * page's first load (JS budget) and of every page that never asks for a passkey.
 */
export const loadWebAuthnBrowser = () => import('@simplewebauthn/browser');

/** What to tell the user when the browser's passkey prompt fails. */
export function browserPasskeyError(error: unknown): string | null {
  const name = error instanceof Error ? error.name : '';
  // The user closed the prompt or another ceremony replaced this one: nothing to report.
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return 'This browser cannot use passkeys here.';
  return error instanceof Error && error.message ? error.message : 'The passkey request failed.';
}

/** The server's message of a failed call (the error envelope the tRPC door sends). */
function serverMessage(error: unknown): string | null {
  const data = (error as { data?: { envelope?: { message?: unknown } } } | null)?.data;
  const message = data?.envelope?.message;
  return typeof message === 'string' && message ? message : null;
}

/** The link to the identity provider when Require SSO refused the sign-in (SSO_REQUIRED). */
function ssoUrlOf(error: unknown): string | undefined {
  const data = (error as { data?: { envelope?: { sso_url?: unknown } } } | null)?.data;
  const url = data?.envelope?.sso_url;
  return typeof url === 'string' && url ? url : undefined;
}

/**
 * What the sign-in page shows: a busy button, or the error (nothing while idle), with the link to
 * the identity provider when the organization requires single sign-on.
 */
export type PasskeySignInState = { busy?: boolean; error?: string | null; ssoUrl?: string };

/** The sign-in pages (by their state setter) whose autofill ceremony is already waiting. */
const autofillStarted = new WeakSet<(state: PasskeySignInState) => void>();

/**
 * A passkey sign-in, loaded only when the visitor reaches for the sign-in form or the button:
 * the sign-in page's first load stays within its JavaScript budget. With `autofill`, the
 * browser offers the passkeys in the e-mail field's autofill (conditional UI) where it
 * supports that, and the ceremony waits there; otherwise it opens the browser's passkey prompt
 * for any discoverable passkey. A verified passkey signs in as both factors.
 */
export async function runPasskeySignIn(options: {
  client: ReturnType<typeof useTRPCClient>;
  signIn: (token: string, user: SessionUser) => void;
  autofill: boolean;
  report: (state: PasskeySignInState) => void;
}): Promise<void> {
  const { client, autofill, report } = options;
  if (autofill && autofillStarted.has(report)) return;
  if (autofill) autofillStarted.add(report);
  else report({ busy: true });
  let started = false;
  try {
    const webauthn = await loadWebAuthnBrowser();
    if (autofill && !(await webauthn.browserSupportsWebAuthnAutofill())) return;
    const start = await client.auth.passkeyOptions.mutate({});
    started = true;
    const response = await webauthn.startAuthentication({
      optionsJSON: start.data.options as never,
      useBrowserAutofill: autofill,
    });
    report({ busy: true });
    const result = await client.auth.passkeyVerify.mutate({
      response: response as never,
      ...(start.data.challenge_token ? { challenge_token: start.data.challenge_token } : {}),
    });
    options.signIn(result.data.token, result.data.user);
  } catch (error) {
    const text = serverMessage(error) ?? browserPasskeyError(error);
    // Autofill that could not start (throttled, offline) or gave way to the button is not the
    // visitor's concern (and must not clear the button's busy state).
    if (autofill && (!started || !text)) return;
    report({ error: text, ssoUrl: ssoUrlOf(error) });
  }
}
