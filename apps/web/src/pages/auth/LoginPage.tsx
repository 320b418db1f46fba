import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SSO_TEXTS } from '@scmp/api/contracts/sso';
import { AuthCard, LoginForm, type LoginOutcome } from '../../features/auth';
import type { PasskeySignInState } from '../../features/passkeys';
import { useSession } from '../../features/session';
import { useTenant } from '../../features/tenant';
import { useTRPCClient } from '../../lib/trpc';
import { usePageMeta } from '../../lib/page-meta';
import { lazyParts } from '../../lib/lazy-parts';

// Later steps of the sign-in, loaded when reached (the first load stays small).
const { ResendVerificationButton, SsoSignInForm, TenantSsoButtons, TwoFactorForm } = lazyParts({
  ResendVerificationButton: () => import('../../features/auth/ResendVerificationButton'),
  SsoSignInForm: () => import('../../features/auth/SsoSignInForm'),
  TenantSsoButtons: () => import('../../features/auth/TenantSsoButtons'),
  TwoFactorForm: () => import('../../features/auth/TwoFactorForm'),
});

type Step = { kind: 'credentials' } | LoginOutcome;

export default function LoginPage() {
  usePageMeta('Sign in');
  const location = useLocation();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const state = location.state as { message?: unknown; email?: unknown } | null;
  const message = state?.message;
  const sessionExpired = params.get('session_expired') === 'true';
  const back = () => setStep({ kind: 'credentials' });
  const client = useTRPCClient();
  const { signIn } = useSession();
  const [passkey, setPasskey] = useState<PasskeySignInState>({});
  const [sso, setSso] = useState(false);
  const ssoError = params.get('sso_error') !== null;
  const { tenant } = useTenant();
  // Passkey code loads on demand: on the button, and (conditional UI) once the visitor reaches
  // for the form, so the passkeys are offered in the e-mail field's autofill.
  const passkeySignIn = (autofill: boolean) =>
    void import('../../features/passkeys/passkey-browser').then((m) =>
      m.runPasskeySignIn({ client, signIn, autofill, report: setPasskey }),
    );
  const autofill = () => passkeySignIn(true);

  if (step.kind === 'verification-required') {
    return (
      <AuthCard title="Verify your email">
        <Stack>
          <Alert color="yellow" role="alert" title="Email verification required">
            {step.message}
          </Alert>
          <Text size="sm">
            We sent a verification link to <strong>{step.email}</strong>.
          </Text>
          <Suspense fallback={null}>
            <ResendVerificationButton
              email={step.email}
              fullWidth
              successFallback="Verification email sent successfully. Please check your inbox."
            />
          </Suspense>
          <Button variant="subtle" onClick={back}>
            Back to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (step.kind === 'two-factor') {
    return (
      <AuthCard title="Two-factor authentication" subtitle={step.email}>
        <Suspense fallback={null}>
          <TwoFactorForm {...step} onBack={back} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup" state={location.state}>
            Create one
          </Anchor>
        </>
      }
    >
      <Stack>
        {typeof message === 'string' && message ? (
          <Alert color="green" role="status">
            {message}
          </Alert>
        ) : null}
        {ssoError ? (
          <Alert color="red" role="alert">
            {SSO_TEXTS.failed}
          </Alert>
        ) : null}
        {sessionExpired ? (
          <Alert color="yellow" role="alert">
            Your session has expired. Please log in again.
          </Alert>
        ) : null}
        {tenant && !sso ? (
          <Suspense fallback={null}>
            <TenantSsoButtons slug={tenant.slug} />
          </Suspense>
        ) : null}
        {sso ? (
          <Suspense fallback={null}>
            <SsoSignInForm onCancel={() => setSso(false)} />
          </Suspense>
        ) : (
          <div onPointerEnter={autofill} onFocus={autofill}>
            <LoginForm
              onOutcome={setStep}
              initialEmail={typeof state?.email === 'string' ? state.email : ''}
            />
          </div>
        )}
        {passkey.error ? (
          <Alert color="red" role="alert">
            {passkey.error}
            {passkey.ssoUrl ? (
              <>
                {' '}
                <Anchor href={passkey.ssoUrl}>Sign in through your identity provider</Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Button
          variant="default"
          fullWidth
          loading={passkey.busy}
          onClick={() => passkeySignIn(false)}
        >
          Sign in with a passkey
        </Button>
        {sso ? null : (
          <Button variant="default" fullWidth onClick={() => setSso(true)}>
            Sign in with SSO
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
