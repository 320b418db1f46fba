import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { PLAN_LIST } from '@scmp/api/contracts/plans';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, ResendVerificationButton, SignupForm } from '../../features/auth';
import { useSession, type SessionUser } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { setStoredToken } from '../../lib/token';

const REDIRECT_AFTER_REGISTRATION_MS = 2000;

type Registered = { token: string; user: SessionUser };

export default function SignupPage() {
  usePageMeta('Create your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Coming from an invitation (or another page that asked for an account): back there afterwards.
  const state = location.state as { from?: unknown; email?: unknown } | null;
  const from =
    typeof state?.from === 'string' && state.from.startsWith('/') && !state.from.startsWith('//')
      ? state.from
      : null;
  const { signIn } = useSession();
  const [registered, setRegistered] = useState<Registered | null>(null);
  const planParam = params.get('plan');
  const plan = PLAN_LIST.find((p) => p.id === planParam);
  // The chosen plan survives sign-up: the dashboard continues to the subscription page with it.
  const target = from ?? (plan ? `/dashboard/subscription?plan=${plan.id}` : '/dashboard');

  const continueToDashboard = (result: Registered) => {
    navigate(`/signup${plan ? `?plan=${plan.id}` : ''}`, {
      replace: true,
      state: { from: target },
    });
    signIn(result.token, result.user);
  };

  const verified = Boolean(registered?.user.email_verified_at);
  useEffect(() => {
    if (!registered || !verified) return;
    const timer = window.setTimeout(
      () => continueToDashboard(registered),
      REDIRECT_AFTER_REGISTRATION_MS,
    );
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per registration
  }, [registered, verified]);

  if (registered && !verified) {
    return (
      <AuthCard title="Check Your Email">
        <Stack>
          <Text>
            We&apos;ve sent a verification link to <strong>{registered.user.email}</strong>. Click
            the link in the email to verify your account.
          </Text>
          <ResendVerificationButton email={registered.user.email} fullWidth />
          <Button onClick={() => continueToDashboard(registered)} fullWidth>
            Continue to Dashboard (Limited Access)
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (registered) {
    return (
      <AuthCard title="Account Created Successfully">
        <Text role="status">
          Your account has been created. Redirecting you to the dashboard...
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" state={location.state}>
            Sign in
          </Anchor>
        </>
      }
    >
      <Stack>
        {plan ? (
          <Alert color="blue" role="status">
            You selected the {plan.name} plan. You can subscribe after creating your account.
          </Alert>
        ) : null}
        <SignupForm
          initialEmail={typeof state?.email === 'string' ? state.email : ''}
          onRegistered={(result) => {
            // Kept so a reload signs in; the session starts when the user continues.
            setStoredToken(result.token);
            setRegistered(result);
          }}
        />
      </Stack>
    </AuthCard>
  );
}
