import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorEnvelopeOf, errorMessage, useTRPC, useTRPCClient } from '../../lib/trpc';
import { browserPasskeyError, loadWebAuthnBrowser } from '../passkeys';
import { useSession } from '../session';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { FormError } from '../../lib/form-errors';
import { PendingButton } from '../../lib/PendingButton';

type CodeType = 'totp' | 'recovery';

/** Keeps only what the code type allows: 6 digits, or 8 letters/digits upper-cased. */
export function cleanTwoFactorCode(value: string, type: CodeType): string {
  return type === 'totp'
    ? value.replace(/\D/g, '').slice(0, 6)
    : value
        .replace(/[^A-Za-z0-9]/g, '')
        .toUpperCase()
        .slice(0, 8);
}

/**
 * Second sign-in step: an authenticator code or a recovery code (or, for an account that has
 * one, a passkey); Back to login resets it all. The answer counts only with the password step's
 * challenge, carried here in memory (the server also set it as an HttpOnly cookie).
 */
export function TwoFactorForm({
  email,
  challengeToken,
  passkeyAvailable = false,
  onBack,
}: {
  email: string;
  challengeToken?: string | undefined;
  passkeyAvailable?: boolean;
  onBack: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { signIn } = useSession();
  const [code, setCode] = useState('');
  const [type, setType] = useState<CodeType>('totp');
  const verify = useMutation(
    trpc.auth.twoFactorVerify.mutationOptions({
      onSuccess: (res) => signIn(res.data.token, res.data.user),
    }),
  );

  // The passkey answer: options for this account's passkeys, bound to the same challenge.
  const passkey = useMutation({
    mutationFn: async () => {
      const webauthn = await loadWebAuthnBrowser();
      const start = await client.auth.passkeyOptions.mutate({ challenge_token: challengeToken });
      const response = await webauthn.startAuthentication({
        optionsJSON: start.data.options as never,
      });
      return client.auth.twoFactorVerify.mutate({
        email,
        type: 'passkey',
        passkey_response: response as never,
        ...(challengeToken ? { challenge_token: challengeToken } : {}),
      });
    },
    onSuccess: (res) => signIn(res.data.token, res.data.user),
  });
  const passkeyError = passkey.isError
    ? errorEnvelopeOf(passkey.error)
      ? errorMessage(passkey.error, 'Invalid verification code')
      : browserPasskeyError(passkey.error)
    : null;

  const switchType = () => {
    setType((t) => (t === 'totp' ? 'recovery' : 'totp'));
    setCode('');
    verify.reset();
  };
  const back = () => {
    setCode('');
    setType('totp');
    verify.reset();
    onBack();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    verify.mutate({
      email,
      code,
      type,
      ...(challengeToken ? { challenge_token: challengeToken } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {type === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of your 8-character recovery codes.'}
        </Text>
        <FormError message={passkeyError} />
        {verify.isError ? (
          <ErrorAlert error={verify.error} fallback="Invalid verification code" />
        ) : null}
        <TextInput
          label={type === 'totp' ? 'Authentication code' : 'Recovery code'}
          value={code}
          onChange={(e) => setCode(cleanTwoFactorCode(e.currentTarget.value, type))}
          inputMode={type === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={type === 'totp' ? 6 : 8}
          required
          autoFocus
          styles={{ input: { letterSpacing: 4, fontFamily: 'monospace' } }}
        />
        <PendingButton
          fullWidth
          pending={verify.isPending}
          pendingLabel="Verifying..."
          disabled={!code}
        >
          Verify
        </PendingButton>
        {passkeyAvailable && challengeToken ? (
          <PendingButton
            variant="default"
            fullWidth
            onClick={() => {
              verify.reset();
              passkey.mutate();
            }}
            pending={passkey.isPending}
            pendingLabel="Waiting for your passkey..."
          >
            Use a passkey
          </PendingButton>
        ) : null}
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={switchType}>
            {type === 'totp' ? 'Use a recovery code' : 'Use authenticator app'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={back}>
            Back to login
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
