import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseCustomDomain } from '@scmp/api/contracts/custom-domain';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import type { Instance } from './types';

export function DomainForm({
  instance,
  onDone,
}: {
  instance: Instance;
  onDone: (() => void) | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { domain: instance.custom_domain ?? '' },
    validate: {
      domain: (value) => {
        const parsed = parseCustomDomain(value);
        return parsed.ok ? null : parsed.error;
      },
    },
  });
  const save = useMutation(
    trpc.instances.setCustomDomain.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
        onDone?.();
      },
      onError: (error) => {
        const fieldError = errorEnvelopeOf(error)?.errors?.domain?.[0];
        form.setFieldError(
          'domain',
          fieldError ?? errorMessage(error, 'Could not save the domain.'),
        );
      },
    }),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate({ uuid: instance.uuid, domain: values.domain.trim() }),
      )}
      noValidate
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Domain"
          description="A name your organization owns, such as portal.yourschool.org"
          placeholder="portal.yourschool.org"
          style={{ flex: '1 1 260px' }}
          {...form.getInputProps('domain')}
        />
        <Group gap="xs" mt={{ base: 0, sm: 46 }}>
          <Button type="submit" loading={save.isPending}>
            Save domain
          </Button>
          {onDone ? (
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}
