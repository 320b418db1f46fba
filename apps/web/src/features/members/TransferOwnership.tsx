import { Button, Stack, Text, TextInput } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useMutation } from '@tanstack/react-query';
import { MEMBER_TEXTS } from '@scmp/api/contracts/roles';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useMembersRefresh } from './use-member-mutations';

/**
 * Owner only: hand the organization to another member (the old owner becomes an admin). Typing
 * the organization's name confirms it, as deleting a repository does on GitHub.
 */
export function TransferOwnership({
  organization,
  candidates,
}: {
  organization: { uuid: string; name: string };
  candidates: { uuid: string; name: string; email: string }[];
}) {
  const trpc = useTRPC();
  const { refresh, done, failed } = useMembersRefresh();
  const [target, setTarget] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const transfer = useMutation(
    trpc.members.transferOwnership.mutationOptions({
      onSuccess: async (res) => {
        done(res.message ?? MEMBER_TEXTS.ownershipTransferred);
        setTarget(null);
        setTyped('');
        await refresh();
      },
      onError: (error) => failed(error, 'Failed to transfer ownership'),
    }),
  );
  if (candidates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Invite a colleague first: ownership can only go to a member of this organization.
      </Text>
    );
  }
  const confirmed = typed.trim() === organization.name;
  return (
    <Stack gap="sm" maw={480}>
      <Text size="sm">
        The new owner gets every right, including deleting the organization; you become an admin.
      </Text>
      <DeferredSelect
        label="New owner"
        placeholder="Choose a member"
        data={candidates.map((c) => ({ value: c.uuid, label: `${c.name} (${c.email})` }))}
        value={target}
        onChange={setTarget}
      />
      <TextInput
        label={`Type "${organization.name}" to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        autoComplete="off"
      />
      <div>
        <Button
          color="red"
          variant="light"
          disabled={!target || !confirmed}
          loading={transfer.isPending}
          onClick={() => target && transfer.mutate({ id: organization.uuid, user_uuid: target })}
        >
          Transfer ownership
        </Button>
      </div>
    </Stack>
  );
}
