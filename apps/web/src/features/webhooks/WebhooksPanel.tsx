import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, type OrganizationRole } from '@scmp/api/contracts/roles';
import { WEBHOOK_TEXTS } from '@scmp/api/contracts/webhooks';
import { useState } from 'react';
import { SecretDialog, useSecretDialog } from '../../lib/OneTimeSecret';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { CreateWebhookForm } from './CreateWebhookForm';
import { DeliveryLog } from './DeliveryLog';
import { NewSecretNotice } from './NewSecretNotice';
import { DangerButton } from '../../lib/DangerButton';
import { QueryStates } from '../../lib/ListState';
import { notifyServerOutcome } from '../../lib/notify';

type Organization = { uuid: string; name: string; role: OrganizationRole };

/**
 * The Webhooks tab of an organization: its endpoints, the signing secret shown once, test pings,
 * enabling and disabling, and each endpoint's delivery log. Owners and admins only.
 */
export function WebhooksPanel({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const allowed = can(organization.role, 'manage');
  const dialog = useSecretDialog(() => create.reset());
  const [open, setOpen] = useState<string | null>(null);
  const hooks = useQuery({
    ...trpc.webhooks.list.queryOptions({ id: organization.uuid }),
    enabled: allowed,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const failed = (fallback: string) => (err: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(err, fallback) });

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (result) => {
        dialog.reveal(result.data.secret);
        setOpen(result.data.uuid);
        await refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions(
      notifyServerOutcome('Failed to update the webhook', refresh, WEBHOOK_TEXTS.updated),
    ),
  );
  const remove = useMutation(
    trpc.webhooks.remove.mutationOptions(
      notifyServerOutcome('Failed to delete the webhook', refresh),
    ),
  );
  const ping = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: async (result, input) => {
        notifications.show({ color: 'green', message: result.message ?? WEBHOOK_TEXTS.testSent });
        setOpen(input.uuid);
        await refresh();
      },
      onError: failed('Failed to send the test event'),
    }),
  );
  const createErrors = create.isError ? errorEnvelopeOf(create.error)?.errors : undefined;

  if (!allowed) {
    return (
      <Text size="sm" c="gray.7">
        Only the owner or an admin can see and manage the webhooks of this organization.
      </Text>
    );
  }
  const list = hooks.data?.data ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4" id="webhooks-title">
              Webhooks
            </Title>
            <Text size="sm" c="gray.7">
              SCMP sends a signed HTTPS request to your system when something changes, so it does
              not have to poll. Failed deliveries are retried for about a day.
            </Text>
          </div>
          <Button onClick={dialog.open}>Add webhook</Button>
        </Group>
        <QueryStates
          query={hooks}
          loading={<Skeleton height={72} aria-busy="true" />}
          errorText="Failed to load the webhooks"
          isEmpty={list.length === 0}
          empty={
            <Text size="sm" c="gray.7" data-testid="webhooks-empty">
              No webhooks yet. Add one to have events sent to your MIS, booking system or other
              tool.
            </Text>
          }
        >
          <Stack gap="md" data-testid="webhook-list">
            {list.map((hook) => (
              <Card key={hook.uuid} withBorder radius="md" padding="md" data-testid="webhook-row">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Code style={{ wordBreak: 'break-all' }}>{hook.url}</Code>
                        {hook.enabled ? (
                          <Badge color="green" variant="light">
                            Enabled
                          </Badge>
                        ) : (
                          <Badge color="red" variant="light">
                            Disabled
                          </Badge>
                        )}
                      </Group>
                      {hook.description ? <Text size="sm">{hook.description}</Text> : null}
                      <Group gap={4}>
                        {hook.events.map((event) => (
                          <Badge key={event} variant="outline" size="sm">
                            {event}
                          </Badge>
                        ))}
                      </Group>
                      {hook.disabled_reason ? (
                        <Text size="sm" c="red.8">
                          {hook.disabled_reason}
                        </Text>
                      ) : null}
                    </Stack>
                    <Switch
                      label="Enabled"
                      checked={hook.enabled}
                      disabled={update.isPending}
                      onChange={(event) =>
                        update.mutate({
                          id: organization.uuid,
                          uuid: hook.uuid,
                          enabled: event.currentTarget.checked,
                        })
                      }
                    />
                  </Group>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      disabled={ping.isPending || !hook.enabled}
                      onClick={() => ping.mutate({ id: organization.uuid, uuid: hook.uuid })}
                    >
                      Send test event
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-expanded={open === hook.uuid}
                      onClick={() => setOpen(open === hook.uuid ? null : hook.uuid)}
                    >
                      {open === hook.uuid ? 'Hide deliveries' : 'Show deliveries'}
                    </Button>
                    <DangerButton
                      label={`Delete webhook ${hook.url}`}
                      disabled={remove.isPending}
                      confirmation={{
                        title: 'Delete webhook',
                        message: (
                          <>
                            Delete the webhook to {hook.url}? No more events are sent to it and its
                            delivery log is removed.
                          </>
                        ),
                        confirm: 'Delete webhook',
                        onConfirm: () => remove.mutate({ id: organization.uuid, uuid: hook.uuid }),
                      }}
                    >
                      Delete
                    </DangerButton>
                  </Group>
                  {open === hook.uuid ? (
                    <DeliveryLog organizationUuid={organization.uuid} webhookUuid={hook.uuid} />
                  ) : null}
                </Stack>
              </Card>
            ))}
          </Stack>
        </QueryStates>
      </Stack>
      <SecretDialog
        dialog={dialog}
        title="Add a webhook"
        revealTitle="Your webhook’s signing secret"
        reveal={(secret) => <NewSecretNotice secret={secret} onDone={dialog.close} />}
        form={
          <CreateWebhookForm
            busy={create.isPending}
            error={
              create.isError && !createErrors
                ? errorMessage(create.error, 'Failed to create the webhook')
                : null
            }
            fieldErrors={createErrors ?? {}}
            onSubmit={(input) =>
              create.mutate({
                id: organization.uuid,
                url: input.url,
                events: input.events,
                description: input.description || null,
              })
            }
          />
        }
      />
    </Card>
  );
}
