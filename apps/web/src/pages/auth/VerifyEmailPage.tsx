import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthCard, ResendVerificationButton } from '../../features/auth';
import { useSession } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { takeReturnTo } from '../../lib/return-to';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';

const REDIRECT_AFTER_VERIFICATION_MS = 3000;
const INVALID_LINK = 'Invalid verification link. Please check your email for the correct link.';

/** Served at /verify-email/{id}/{hash} and /api/v1/auth/verify-email/{id}/{hash}. */
export default function VerifyEmailPage() {
  usePageMeta('Verify your email');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { id, hash } = useParams();
  const [params] = useSearchParams();
  const { user, loading, refetchUser } = useSession();
  const alreadyVerified = Boolean(user?.email_verified_at);
  const linkComplete = Boolean(id && hash);
  const verify = useQuery({
    ...trpc.auth.verifyEmail.queryOptions({
      id: id ?? '',
      hash: hash ?? '',
      expires: params.get('expires') ?? undefined,
      signature: params.get('signature') ?? undefined,
    }),
    enabled: linkComplete && !loading && !alreadyVerified,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const succeeded = verify.isSuccess && !verify.data.data.already_verified;

  useEffect(() => {
    if (verify.isSuccess && user) void refetchUser();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when verification answers
  }, [verify.isSuccess]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(
      () => navigate(takeReturnTo() ?? '/dashboard', { replace: true }),
      REDIRECT_AFTER_VERIFICATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  if (alreadyVerified && !verify.isSuccess) return <AlreadyVerified />;
  if (!linkComplete || verify.isError) {
    const envelope = errorEnvelopeOf(verify.error);
    const message = !linkComplete
      ? INVALID_LINK
      : envelope
        ? errorMessage(verify.error, 'Email verification failed')
        : 'An unexpected error occurred. Please try again.';
    return (
      <AuthCard title="Email verification failed">
        <Stack>
          <Alert color="red" role="alert">
            {message}
          </Alert>
          {user ? (
            <>
              <ResendVerificationButton email={user.email} fullWidth />
              <Button component={Link} to="/dashboard" variant="subtle">
                Continue to Dashboard (Limited Access)
              </Button>
            </>
          ) : (
            <Group justify="center">
              <Anchor component={Link} to="/login">
                Sign in
              </Anchor>
              <Anchor component={Link} to="/">
                Go to homepage
              </Anchor>
            </Group>
          )}
        </Stack>
      </AuthCard>
    );
  }
  if (verify.isSuccess && verify.data.data.already_verified) return <AlreadyVerified />;
  if (succeeded) {
    return (
      <AuthCard title="Email verified">
        <Stack>
          <Alert color="green" role="status">
            {verify.data.message || 'Email verified successfully'}
          </Alert>
          <Text size="sm">You will be redirected to your dashboard in 3 seconds.</Text>
          <Button component={Link} to="/dashboard" replace>
            Go to Dashboard Now
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email">
      <Stack align="center" aria-busy="true">
        <Loader aria-label="Verifying your email" />
        <Text size="sm">Please wait while we verify your email address...</Text>
      </Stack>
    </AuthCard>
  );
}

function AlreadyVerified() {
  return (
    <AuthCard title="Email already verified">
      <Stack>
        <Alert color="blue" role="status">
          Your email address has already been verified.
        </Alert>
        <Button component={Link} to="/dashboard">
          Go to Dashboard
        </Button>
      </Stack>
    </AuthCard>
  );
}
