import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SSO_TEXTS } from '@scmp/api/contracts/sso';
import { AuthCard } from '../../features/auth';
import { useSession } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage, useTRPC } from '../../lib/trpc';

/**
 * /login/sso?code=: where SCMP's callback sends the browser after the identity provider; the
 * one-time code becomes a session (only in the browser that started the sign-in).
 */
export default function SsoCompletePage() {
  usePageMeta('Signing in');
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const code = params.get('code') ?? '';
  const started = useRef(false);
  const complete = useMutation(
    trpc.sso.complete.mutationOptions({
      onSuccess: (result) => {
        signIn(result.data.token, result.data.user);
        void navigate('/dashboard', { replace: true });
      },
    }),
  );
  useEffect(() => {
    if (started.current || !code) return;
    started.current = true;
    complete.mutate({ code });
  }, [code, complete]);

  return (
    <AuthCard title="Single sign-on">
      <Stack>
        {complete.isError || !code ? (
          <Alert color="red" role="alert">
            {code
              ? errorMessage(complete.error, SSO_TEXTS.completeInvalid)
              : SSO_TEXTS.completeInvalid}
          </Alert>
        ) : (
          <Stack align="center">
            <Loader aria-label="Signing in" />
            <Text size="sm">Signing you in…</Text>
          </Stack>
        )}
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
