import { Button, Group, Text } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { SectionCard } from '../../lib/SectionCard';
import { useTRPC } from '../../lib/trpc';
import { useChargeConfirmation } from './charge-confirmation';
import { money } from './format';
import { useChanged, type Subscription } from './subscription-shared';
import { PendingButton } from '../../lib/PendingButton';

const ADD_OPTIONS = [
  ...Array.from({ length: 19 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  { value: '20', label: '20+' },
];

export function ManageLocations({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const changed = useChanged();
  const [add, setAdd] = useState(0);
  const [remove, setRemove] = useState(0);
  const addM = useMutation(trpc.subscription.addLocations.mutationOptions());
  const removeM = useMutation(trpc.subscription.removeLocations.mutationOptions());
  const busy = addM.isPending || removeM.isPending;
  const limit = sub.location_limit;
  const maxRemove = Math.max(0, Math.min(10, limit - Math.max(sub.current_location_count, 1)));
  const preview = useQuery({
    ...trpc.subscription.preview.queryOptions({
      organization_uuid: sub.organization_uuid,
      additional_locations: add || 1,
    }),
    enabled: add > 0,
  });

  // "Add Locations" only opens the confirmation; money moves on Confirm.
  const { ask, dialog } = useChargeConfirmation({
    sub,
    kind: 'locations',
    done: 'Locations added successfully.',
    charge: (request, fields) =>
      addM.mutateAsync({ ...fields, additional_locations: request.count }),
    onCharged: () => setAdd(0),
  });
  const doRemove = async () => {
    try {
      const res = await removeM.mutateAsync({
        organization_uuid: sub.organization_uuid,
        locations_to_remove: remove,
      });
      setRemove(0);
      await changed(res, 'Locations removed.');
    } catch (err) {
      notifyError('Failed to remove locations')(err);
    }
  };

  return (
    <SectionCard title="Manage Locations" outside={dialog}>
      <Text size="sm">
        Current locations: {sub.current_location_count} of {limit} · Available:{' '}
        {sub.available_locations ?? 0}
      </Text>
      <Group align="flex-end">
        <DeferredSelect
          label="Locations to add"
          placeholder="Select"
          data={ADD_OPTIONS}
          value={add ? String(add) : null}
          onChange={(v) => setAdd(Number(v ?? 0))}
          w={180}
        />
        <Button
          onClick={() => ask({ kind: 'locations', count: add })}
          disabled={add === 0 || busy}
          aria-haspopup="dialog"
        >
          Add Locations
        </Button>
      </Group>
      {add > 0 && (
        <Text size="sm" data-testid="add-locations-preview">
          {preview.data
            ? `Due today (prorated for the rest of the billing period): ${money(preview.data.data.amount_due_today_pence)}`
            : 'Calculating the prorated amount...'}
        </Text>
      )}
      {limit > 1 && (
        <>
          <Group align="flex-end">
            <DeferredSelect
              label="Unused locations to remove"
              data={Array.from({ length: maxRemove + 1 }, (_, i) => ({
                value: String(i),
                label: String(i),
              }))}
              value={String(remove)}
              onChange={(v) => setRemove(Number(v ?? 0))}
              allowDeselect={false}
              w={180}
            />
            <PendingButton
              color="red"
              variant="light"
              onClick={doRemove}
              pending={removeM.isPending}
              pendingLabel="Removing..."
              disabled={remove === 0 || busy}
            >
              Remove Locations
            </PendingButton>
          </Group>
          <Text size="xs" c="dimmed">
            Removing locations adjusts billing from the next cycle, with no refund for the current
            period.
          </Text>
        </>
      )}
    </SectionCard>
  );
}
