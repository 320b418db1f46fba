import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CLOSURE_TEXTS, ORGANIZATION_CLOSURE_DAYS } from '@scmp/api/contracts/organization-closure';
import { useTRPC } from '../../lib/trpc';

import { useRefresh, type Organization } from './closure-shared';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { DangerZoneCard } from './DangerZoneCard';

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
    <DangerZoneCard
      id="close-organization"
      title="Close organization"
      titleSize="h4"
      mt="lg"
      intro="When you close this organization:"
      consequences={[
        CLOSURE_TEXTS.billing,
        <>
          its instances are suspended: their portals show “{CLOSURE_TEXTS.siteClosedTitle}”, and
          custom domains and the subdomain stop being served; open invitations are withdrawn;
        </>,
        <>
          for {ORGANIZATION_CLOSURE_DAYS} days you can still export its data and restore it (a new
          subscription is then needed to resume paid service);
        </>,
        <>
          after {ORGANIZATION_CLOSURE_DAYS} days its data is deleted for good; invoices are kept for
          7 years, as the law on accounting records requires.
        </>,
      ]}
      open={open}
      onOpen={() => setOpen(true)}
      openLabel="Close organization…"
      openMaw={260}
      form={
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
      }
    />
  );
}
