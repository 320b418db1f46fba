import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CUSTOM_DOMAIN_STATUS_LABELS,
  DOMAIN_VERIFY_WINDOW_HOURS,
} from '@scmp/api/contracts/custom-domain';
import { StatusBadge } from '@scmp/ui';
import { useReturnFocusOnClose } from '../../lib/return-focus';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { RoleGate, type Gate } from '../members';
import { DomainForm } from './CustomDomainForm';
import { RecordsTable } from './DnsRecordsTable';
import type { Instance } from './types';
import { formatDate } from '../../lib/format';
import { confirmDanger } from '../../lib/confirm-danger';
import { InstanceSection } from './InstanceSection';

/**
 * The instance's custom domain: the DNS records to create (with copy buttons), the status of
 * their verification and what the last check saw, and verify, change and remove.
 */
export function CustomDomainCard({ instance, manage }: { instance: Instance; manage: Gate }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const changeButton = useReturnFocusOnClose<HTMLButtonElement>(editing);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
  const verify = useMutation(
    trpc.instances.verifyCustomDomain.mutationOptions({
      onSuccess: async (result) => {
        const ok =
          result.data.custom_domain_status === 'verified' ||
          result.data.custom_domain_status === 'active';
        notifications.show({ color: ok ? 'green' : 'yellow', message: result.message });
        await refresh();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, 'Could not check the DNS records.'),
        }),
    }),
  );
  const remove = useMutation(
    trpc.instances.removeCustomDomain.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await refresh();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, 'Could not remove the domain.'),
        }),
    }),
  );
  const confirmRemove = () =>
    confirmDanger({
      title: 'Remove custom domain',
      message: (
        <>
          Stop serving this instance on {instance.custom_domain}? It stays reachable on{' '}
          {instance.host}.
        </>
      ),
      confirm: 'Remove domain',
      onConfirm: () => remove.mutate({ uuid: instance.uuid }),
    });

  const status = instance.custom_domain_status;
  return (
    <InstanceSection titleId="custom-domain-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="custom-domain-title">
            Custom domain
          </Title>
          {instance.custom_domain && status ? (
            <StatusBadge
              status={status}
              label={CUSTOM_DOMAIN_STATUS_LABELS[status]}
              data-testid="custom-domain-status"
            />
          ) : null}
        </Group>

        {!instance.custom_domain || editing ? (
          <>
            <Text size="sm" c="dimmed">
              Serve this portal on your own domain. You will be shown two DNS records to create at
              your DNS provider; the domain is used once they are found.
            </Text>
            <RoleGate {...manage}>
              <DomainForm
                instance={instance}
                onDone={editing ? () => setEditing(false) : undefined}
              />
            </RoleGate>
          </>
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{instance.custom_domain}</Text>
              {instance.custom_domain_checked_at ? (
                <Text size="sm" c="dimmed">
                  Last checked {formatDate(instance.custom_domain_checked_at, true)}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  Not checked yet
                </Text>
              )}
            </Group>
            {instance.custom_domain_reason ? (
              <Alert
                color={status === 'failed' ? 'red' : 'yellow'}
                title="What the last check saw"
                role="status"
              >
                {instance.custom_domain_reason}
              </Alert>
            ) : null}
            {status === 'pending_dns' || status === 'failed' ? (
              <Text size="sm">
                Create these records at your DNS provider, then choose Verify now. SCMP also checks
                them by itself for {DOMAIN_VERIFY_WINDOW_HOURS} hours.
              </Text>
            ) : (
              <Text size="sm">
                {status === 'active'
                  ? 'The domain is verified and its certificate is issued. Keep these records in place; they are checked daily.'
                  : 'The domain is verified and served. Keep these records in place; they are checked daily.'}
              </Text>
            )}
            <RecordsTable records={instance.dns_records} />
            <RoleGate {...manage}>
              <Group gap="xs">
                <Button
                  onClick={() => verify.mutate({ uuid: instance.uuid })}
                  loading={verify.isPending}
                >
                  Verify now
                </Button>
                <Button ref={changeButton} variant="default" onClick={() => setEditing(true)}>
                  Change domain
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={confirmRemove}
                  loading={remove.isPending}
                >
                  Remove
                </Button>
              </Group>
            </RoleGate>
          </>
        )}
      </Stack>
    </InstanceSection>
  );
}
