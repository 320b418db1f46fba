import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { WEBHOOK_EVENT_GROUPS, type WebhookEventType } from '@scmp/api/contracts/webhooks';
import { useState, type FormEvent } from 'react';
import { NamedCheckboxes } from '../../lib/NamedCheckboxes';
import { FormError } from '../../lib/form-errors';

export type CreateWebhookInput = {
  url: string;
  events: WebhookEventType[];
  description: string;
};

/** The create dialog's form: the receiver's URL, a description and event checkboxes by area. */
export function CreateWebhookForm({
  busy,
  error,
  fieldErrors,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string[] | undefined>;
  onSubmit: (input: CreateWebhookInput) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<{ url?: string; events?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof problem = {};
    if (!url.trim()) next.url = 'The URL field is required.';
    if (events.length === 0) next.events = 'Choose at least one event';
    setProblem(next);
    if (next.url || next.events) return;
    onSubmit({ url: url.trim(), events, description: description.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Endpoint URL"
          placeholder="https://mis.example.sch.uk/scmp-webhooks"
          required
          maxLength={2000}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={problem.url ?? fieldErrors.url?.[0]}
        />
        <TextInput
          label="Description"
          placeholder="e.g. School MIS"
          maxLength={200}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events to send"
          withAsterisk
          value={events}
          onChange={(values) => setEvents(values as WebhookEventType[])}
          error={problem.events ?? fieldErrors.events?.[0]}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {WEBHOOK_EVENT_GROUPS.map((group) => (
              <Stack key={group.area} gap={6}>
                <strong style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{group.area}</strong>
                <NamedCheckboxes entries={group.events} name="type" />
              </Stack>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormError message={error} />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
