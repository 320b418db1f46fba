import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { isMobileDevice, relativeTime } from './format';
import { confirmDanger } from '../../lib/confirm-danger';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SkeletonRows } from '../../lib/ListState';
import { SectionCard } from '../../lib/SectionCard';
import { notifyOutcome } from '../../lib/notify';
import { PendingButton } from '../../lib/PendingButton';

export function ActiveSessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.profile.listSessions.queryOptions());
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: trpc.profile.listSessions.queryKey() });
  const revoke = useMutation(
    trpc.profile.revokeSession.mutationOptions(
      notifyOutcome('Session revoked successfully.', 'Failed to revoke session', invalidate),
    ),
  );
  const revokeAll = useMutation(
    trpc.profile.revokeOtherSessions.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({
          color: 'green',
          message: result.message || 'All other sessions revoked successfully.',
        });
        await invalidate();
      },
      onError: (err) =>
        notifications.show({
          color: 'red',
          message: errorMessage(err, 'Failed to revoke sessions'),
        }),
    }),
  );
  const list = sessions.data?.data ?? [];

  return (
    <SectionCard
      title="Active Sessions"
      titleId="active-sessions"
      action={
        list.length > 1 ? (
          <PendingButton
            variant="light"
            color="red"
            onClick={() =>
              confirmDanger({
                title: 'Revoke all other sessions',
                message: 'Every other device will be signed out of your account.',
                confirm: 'Revoke All',
                onConfirm: () => revokeAll.mutate(),
              })
            }
            pending={revokeAll.isPending}
            pendingLabel="Revoking..."
          >
            Revoke All Other Sessions
          </PendingButton>
        ) : null
      }
    >
      {sessions.isPending ? (
        <SkeletonRows count={2} height={56} />
      ) : sessions.isError ? (
        <ErrorAlert error={sessions.error} fallback="Failed to load active sessions" />
      ) : (
        <Stack gap="sm" data-testid="session-list">
          {list.map((session) => (
            <Paper key={session.id} withBorder p="sm" radius="md" data-testid="session-row">
              <Group justify="space-between" wrap="nowrap">
                <Group wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" aria-hidden>
                    {isMobileDevice(session.device) ? (
                      <IconDeviceMobile size={20} />
                    ) : (
                      <IconDeviceDesktop size={20} />
                    )}
                  </ThemeIcon>
                  <div>
                    <Group gap="xs">
                      <Text fw={500}>{session.device}</Text>
                      {session.current && (
                        <Badge color="green" variant="light" c="dark.7" size="sm">
                          Current session
                        </Badge>
                      )}
                    </Group>
                    {session.sign_in_method ? (
                      <Text size="sm">{session.sign_in_method}</Text>
                    ) : null}
                    <Text size="sm" c="gray.7">
                      {session.location}
                      {session.ip_address ? ` · ${session.ip_address}` : ''} · Last active{' '}
                      {relativeTime(session.last_active).toLowerCase()}
                    </Text>
                  </div>
                </Group>
                {!session.current && (
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={`Revoke session ${session.device}`}
                    disabled={revoke.isPending && revoke.variables?.id === session.id}
                    onClick={() => revoke.mutate({ id: session.id })}
                  >
                    Revoke
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
