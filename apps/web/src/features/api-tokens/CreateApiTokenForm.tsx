import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import {
  API_SCOPE_GROUPS,
  API_TOKEN_EXPIRY_DAYS,
  type ApiScope,
  type ApiTokenExpiryDays,
} from '@scmp/api/contracts/api-tokens';
import { useState, type FormEvent } from 'react';
import { NamedCheckboxes } from '../../lib/NamedCheckboxes';
import { FormError } from '../../lib/form-errors';

const EXPIRY_LABEL = (days: ApiTokenExpiryDays) => (days === null ? 'No expiry' : `${days} days`);

export type CreateApiTokenInput = {
  name: string;
  scopes: ApiScope[];
  expires_in_days: ApiTokenExpiryDays;
};

/** The create dialog's form: a name, scope checkboxes grouped by area, an expiry. */
export function CreateApiTokenForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  onSubmit: (input: CreateApiTokenInput) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<string>('90');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('The name field is required.');
    if (scopes.length === 0) return setProblem('Choose at least one scope.');
    setProblem(null);
    onSubmit({
      name: name.trim(),
      scopes,
      expires_in_days: expiry === 'never' ? null : (Number(expiry) as ApiTokenExpiryDays),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Token name"
          placeholder="e.g. School MIS sync"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <DeferredSelect
          label="Expires"
          data={API_TOKEN_EXPIRY_DAYS.map((days) => ({
            value: days === null ? 'never' : String(days),
            label: EXPIRY_LABEL(days),
          }))}
          value={expiry}
          onChange={(value) => setExpiry(value ?? '90')}
          allowDeselect={false}
        />
        <Text fw={500} size="sm">
          Scopes
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {API_SCOPE_GROUPS.map((group) => (
            <Checkbox.Group
              key={group.area}
              label={group.area}
              value={scopes.filter((s) => group.scopes.some((g) => g.scope === s))}
              onChange={(values) =>
                setScopes([
                  ...scopes.filter((s) => !group.scopes.some((g) => g.scope === s)),
                  ...(values as ApiScope[]),
                ])
              }
            >
              <Stack gap={6} mt={6}>
                <NamedCheckboxes entries={group.scopes} name="scope" />
              </Stack>
            </Checkbox.Group>
          ))}
        </SimpleGrid>
        <FormError message={problem ?? error} />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create token'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
