import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { PASSKEY_TEXTS, passkeyNameProblem } from '@scmp/api/contracts/passkeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fullDate } from '../account';
import { useSession } from '../session';
import { errorEnvelopeOf, errorMessage, useTRPC, useTRPCClient } from '../../lib/trpc';
import { RemovePasskeyForm, RenamePasskeyForm } from './PasskeyDialogs';
import { browserPasskeyError, loadWebAuthnBrowser } from './passkey-browser';
import { QueryStates } from '../../lib/ListState';
import { notifyOutcome } from '../../lib/notify';
import { PendingButton } from '../../lib/PendingButton';

function failure(error: unknown, fallback: string): string {
  return errorEnvelopeOf(error)
    ? errorMessage(error, fallback)
    : (browserPasskeyError(error) ?? fallback);
}

/** Profile → Security: the account's passkeys; add (named), rename, remove. */
export function PasskeysCard() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const passkeys = useQuery(trpc.passkeys.list.queryOptions());
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });

  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const webauthn = await loadWebAuthnBrowser();
      const options = await client.passkeys.registrationOptions.mutate();
      const response = await webauthn.startRegistration({ optionsJSON: options.data as never });
      return client.passkeys.registrationVerify.mutate({
        name: passkeyName,
        response: response as never,
      });
    },
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: result.message ?? PASSKEY_TEXTS.added });
      setName('');
      await invalidate();
    },
  });
  const rename = useMutation(
    trpc.passkeys.rename.mutationOptions(
      notifyOutcome(PASSKEY_TEXTS.renamed, 'Failed to rename', invalidate),
    ),
  );
  const remove = useMutation(
    trpc.passkeys.remove.mutationOptions(
      notifyOutcome(PASSKEY_TEXTS.removed, 'Failed to remove', invalidate),
    ),
  );

  const list = passkeys.data?.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameProblem(name);
    if (problem) {
      setNameError(problem);
      return;
    }
    setNameError(null);
    add.mutate(name.trim());
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="passkeys-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="passkeys-title">
            Passkeys
          </Title>
          <Text size="sm" c="gray.7">
            Sign in with your fingerprint, face or device PIN instead of your password. A passkey
            only works on this site, so it cannot be phished, and it skips the two-factor step.
          </Text>
        </div>
        <QueryStates
          query={passkeys}
          loading={<Skeleton height={56} />}
          errorText="Failed to load passkeys"
          isEmpty={list.length === 0}
          empty={
            <Text size="sm" c="gray.7" data-testid="passkeys-empty">
              No passkeys yet.
            </Text>
          }
        >
          <Stack gap="sm" data-testid="passkey-list">
            {list.map((passkey) => (
              <Paper key={passkey.uuid} withBorder p="sm" radius="md" data-testid="passkey-row">
                <Group justify="space-between" wrap="nowrap">
                  <Group wrap="nowrap">
                    <div>
                      <Text fw={500}>{passkey.name}</Text>
                      <Text size="sm" c="gray.7">
                        Added {fullDate(passkey.created_at)} · Last used{' '}
                        {passkey.last_used_at ? fullDate(passkey.last_used_at) : 'never'}
                      </Text>
                    </div>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={`Rename passkey ${passkey.name}`}
                      onClick={() =>
                        modals.open({
                          title: 'Rename passkey',
                          children: (
                            <RenamePasskeyForm
                              current={passkey.name}
                              onSubmit={(next) => rename.mutate({ uuid: passkey.uuid, name: next })}
                            />
                          ),
                        })
                      }
                    >
                      Rename
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      aria-label={`Remove passkey ${passkey.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        modals.open({
                          title: 'Remove passkey',
                          children: (
                            <RemovePasskeyForm
                              name={passkey.name}
                              needsPassword={list.length === 1 && !user?.two_factor_enabled}
                              onConfirm={(password) =>
                                remove.mutate({
                                  uuid: passkey.uuid,
                                  ...(password ? { password } : {}),
                                })
                              }
                            />
                          ),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </QueryStates>
        {add.isError ? (
          <Alert color="red" role="alert">
            {failure(add.error, 'Failed to add the passkey')}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Passkey name"
              placeholder="e.g. Office laptop"
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              style={{ flex: 1, minWidth: 200 }}
            />
            <PendingButton pending={add.isPending} pendingLabel="Adding...">
              Add a passkey
            </PendingButton>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
