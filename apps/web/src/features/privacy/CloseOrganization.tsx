import { Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CLOSURE_TEXTS, ORGANIZATION_CLOSURE_DAYS } from '@scmp/api/contracts/organization-closure';
import { useTRPC } from '../../lib/trpc';

import { useRefresh, type Organization } from './closure-shared';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** Organization → danger zone: close it (60 days to export or restore, then deleted). */
export function CloseOrganizationCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const close = useMutation(
    trpc.organizations.delete.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message, autoClose: 10_000 });
        setOpen(false);
        setTyped('');
        await refresh();
      },
    }),
  );
  if (organization.role !== 'owner' || organization.status === 'closing') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === organization.name) close.mutate({ id: organization.uuid });
  };
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      mt="lg"
      component="section"
      aria-labelledby="close-organization"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Stack>
        <Title order={2} size="h4" id="close-organization" c="red.9">
          Close organization
        </Title>
        <Text size="sm">When you close this organization:</Text>
        <List size="sm" spacing={4}>
          <List.Item>{CLOSURE_TEXTS.billing}</List.Item>
          <List.Item>
            its instances are suspended: their portals show “{CLOSURE_TEXTS.siteClosedTitle}”, and
            custom domains and the subdomain stop being served; open invitations are withdrawn;
          </List.Item>
          <List.Item>
            for {ORGANIZATION_CLOSURE_DAYS} days you can still export its data and restore it (a new
            subscription is then needed to resume paid service);
          </List.Item>
          <List.Item>
            after {ORGANIZATION_CLOSURE_DAYS} days its data is deleted for good; invoices are kept
            for 7 years, as the law on accounting records requires.
          </List.Item>
        </List>
        {!open ? (
          <Button color="red.9" variant="outline" onClick={() => setOpen(true)} maw={260}>
            Close organization…
          </Button>
        ) : (
          <form onSubmit={submit}>
            <Stack>
              <TextInput
                label={`Type the organization’s name (${organization.name}) to confirm`}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoComplete="off"
                data-autofocus
              />
              {close.isError && (
                <ErrorAlert error={close.error} fallback="Failed to close the organization" />
              )}
              <Group>
                <Button
                  type="submit"
                  color="red.9"
                  disabled={typed !== organization.name}
                  loading={close.isPending}
                >
                  Close this organization
                </Button>
                <Button variant="default" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
