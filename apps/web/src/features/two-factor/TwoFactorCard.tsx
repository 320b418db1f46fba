import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../session';
import { ConfirmPasswordForm, type ConfirmPasswordFormProps } from '../../lib/ConfirmPasswordForm';
import { useReturnFocusOnClose } from '../../lib/return-focus';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { RecoveryCodesList } from './RecoveryCodesList';
import { RegeneratePrompt } from './RegeneratePrompt';
import { SetupForm } from './SetupForm';
import { TEXTS } from './texts';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { FormError } from '../../lib/form-errors';

type Step =
  | { kind: 'idle' }
  | { kind: 'enable' }
  | { kind: 'setup'; secret: string; qrSvg: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** The two-factor card of the Profile and Security pages (spec part 2 §2). */
export function TwoFactorCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user, refetchUser } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Back from an inline step, focus returns to the card's main button (never <body>).
  const mainButton = useReturnFocusOnClose<HTMLButtonElement>(step.kind !== 'idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
    await refetchUser();
  };

  // A step's failure: its message in the card's red box.
  const failedWith = (fallback: string) => (err: unknown) => setError(errorMessage(err, fallback));
  // Confirming the setup and regenerating both end on the new recovery codes.
  const showCodes = (message: string) => async (result: { data: { recovery_codes: string[] } }) => {
    setError(null);
    setStep({ kind: 'codes', codes: result.data.recovery_codes });
    notifications.show({ color: 'green', message });
    await refresh();
  };

  const enable = useMutation(
    trpc.twoFactor.enable.mutationOptions({
      onSuccess: (result) => {
        setError(null);
        setCode('');
        setPassword('');
        setStep({ kind: 'setup', secret: result.data.secret, qrSvg: result.data.qr_code_svg });
        notifications.show({ color: 'blue', message: result.message ?? TEXTS.scan });
      },
      onError: failedWith('Failed to enable 2FA'),
    }),
  );
  const confirm = useMutation(
    trpc.twoFactor.confirm.mutationOptions({
      onSuccess: showCodes(TEXTS.enabled),
      onError: failedWith('Failed to confirm 2FA'),
    }),
  );
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: async (result) => {
        setError(null);
        setPassword('');
        setStep({ kind: 'idle' });
        notifications.show({ color: 'green', message: result.message });
        await refresh();
      },
      onError: failedWith('Failed to disable 2FA'),
    }),
  );
  const regenerate = useMutation(
    trpc.twoFactor.regenerateRecoveryCodes.mutationOptions({
      onSuccess: showCodes(TEXTS.regenerated),
      onError: failedWith('Failed to generate recovery codes'),
    }),
  );

  const confirmed = status.data?.data.confirmed ?? false;
  const count = status.data?.data.recovery_codes_count ?? 0;

  const askForPassword = () => {
    setError(null);
    modals.open({
      title: 'Generate New Recovery Codes',
      children: <RegeneratePrompt onSubmit={(value) => regenerate.mutate({ password: value })} />,
    });
  };

  const cancelPasswordStep = () => {
    setStep({ kind: 'idle' });
    setPassword('');
    setError(null);
  };

  // Enabling and disabling both start with the current password.
  const passwordStep = (
    run: { mutate: (input: { password: string }) => void; isPending: boolean },
    labels: Pick<
      ConfirmPasswordFormProps,
      'intro' | 'submitLabel' | 'pendingLabel' | 'submitColor'
    >,
  ) => (
    <ConfirmPasswordForm
      {...labels}
      password={password}
      onPasswordChange={setPassword}
      onConfirm={(value) => run.mutate({ password: value })}
      onEmpty={() => setError('Password is required')}
      onCancel={cancelPasswordStep}
      pending={run.isPending}
    />
  );

  const cancelSetup = () => {
    setStep({ kind: 'idle' });
    setCode('');
    setError(null);
  };

  let body;
  if (status.isPending) {
    body = <Skeleton height={60} />;
  } else if (status.isError) {
    body = <ErrorAlert error={status.error} fallback="Failed to get 2FA status" />;
  } else if (step.kind === 'setup') {
    body = (
      <SetupForm
        secret={step.secret}
        qrSvg={step.qrSvg}
        code={code}
        setCode={setCode}
        onConfirm={() => confirm.mutate({ code })}
        onCancel={cancelSetup}
        pending={confirm.isPending}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodesList
        codes={step.codes}
        email={user?.email ?? ''}
        onDone={() => setStep({ kind: 'idle' })}
      />
    );
  } else if (!confirmed && step.kind === 'enable') {
    body = passwordStep(enable, {
      intro: 'Enter your current password to set up two-factor authentication.',
      submitLabel: 'Enable 2FA',
      pendingLabel: 'Setting up...',
    });
  } else if (confirmed && step.kind === 'disable') {
    body = passwordStep(disable, {
      submitLabel: 'Disable 2FA',
      pendingLabel: 'Disabling...',
      submitColor: 'red',
    });
  } else if (confirmed) {
    body = (
      <Stack>
        <Text size="sm">
          Your account is protected: signing in asks for a code from your authenticator app.
        </Text>
        <Text size="sm" fw={500} data-testid="recovery-codes-count">
          Recovery codes available: {count}
        </Text>
        <Group>
          <Button variant="default" onClick={askForPassword} loading={regenerate.isPending}>
            Generate New Recovery Codes
          </Button>
          <Button
            ref={mainButton}
            color="red.9"
            variant="light"
            onClick={() => {
              setError(null);
              setStep({ kind: 'disable' });
            }}
          >
            Disable Two-Factor Authentication
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack>
        <Text size="sm">
          Add an extra layer of security: after your password, signing in asks for a 6-digit code
          from an authenticator app such as Google Authenticator, 1Password or Authy.
        </Text>
        <Group>
          <Button
            ref={mainButton}
            onClick={() => {
              setError(null);
              setPassword('');
              setStep({ kind: 'enable' });
            }}
          >
            Enable Two-Factor Authentication
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <IconShieldLock size={22} aria-hidden />
            <Title order={2} size="h3" id="two-factor-title">
              Two-Factor Authentication
            </Title>
          </Group>
          {!status.isPending && (
            <Badge color={confirmed ? 'green' : 'gray'} variant="light" c="dark.7">
              {confirmed ? 'Enabled' : 'Disabled'}
            </Badge>
          )}
        </Group>
        <FormError message={error} />
        {body}
      </Stack>
    </Card>
  );
}
