import { Alert, Anchor, Button, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useSession } from '../session';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { DangerZoneCard } from './DangerZoneCard';

type Blocking = { uuid: string; name: string };

/** Profile → danger zone: delete the account (restorable for 30 days). */
export function DeleteAccountCard() {
  const trpc = useTRPC();
  const { signOutLocally } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const remove = useMutation(
    trpc.privacy.deleteAccount.mutationOptions({
      onSuccess: (result) => {
        // The notice outlives the page: signing out sends the protected page to /login.
        notifications.show({ color: 'green', message: result.message, autoClose: 15_000 });
        signOutLocally();
      },
    }),
  );
  const envelope = errorEnvelopeOf(remove.error);
  const blocking = (envelope?.organizations as Blocking[] | undefined) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ password, confirm: confirm as 'DELETE' });
  };

  return (
    <DangerZoneCard
      id="delete-account"
      title="Delete account"
      titleSize="h3"
      intro="When you delete your account:"
      consequences={[
        'you are signed out everywhere, and your API tokens and passkeys stop working at once;',
        'you leave every organization you are a member of, and invitations you sent are withdrawn;',
        'we e-mail you a link to restore the account within 30 days; after that your personal data is erased, and tickets or invoices an organization keeps show “Deleted user”.',
      ]}
      open={open}
      onOpen={() => setOpen(true)}
      openLabel="Delete account…"
      openMaw={240}
      form={
        <form onSubmit={submit} noValidate>
          <Stack maw={420}>
            {remove.isError && !envelope?.errors && (
              <Alert color="red" role="alert">
                {errorMessage(remove.error, 'Failed to delete your account')}
                {blocking.length > 0 && (
                  <List size="sm" mt="xs">
                    {blocking.map((o) => (
                      <List.Item key={o.uuid}>
                        <Anchor component={Link} to={`/dashboard/organizations/${o.uuid}`}>
                          {o.name}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
              value={password}
              error={envelope?.errors?.password?.[0]}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <TextInput
              label="Type DELETE to confirm"
              withAsterisk
              autoComplete="off"
              value={confirm}
              error={envelope?.errors?.confirm?.[0]}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Button
              type="submit"
              color="red.9"
              loading={remove.isPending}
              disabled={!password || confirm !== 'DELETE'}
            >
              Delete my account
            </Button>
          </Stack>
        </form>
      }
    >
      <Text size="sm">
        If you alone own an organization with other members or a live subscription, transfer its
        ownership or close it first. You may want to download{' '}
        <Anchor href="#your-data">your data</Anchor> before you go.
      </Text>
    </DangerZoneCard>
  );
}
