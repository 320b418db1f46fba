import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';
import type { ReactNode } from 'react';
import type { RouterInputs } from '../../lib/types';
import { useCreateConnection } from './use-create-connection';

/** What an add-connection form (OIDC or SAML) is given. */
export type AddConnectionFormProps = {
  organization: { uuid: string; name: string };
  onDone: () => void;
};

export type DefaultRole = 'member' | 'billing' | 'admin';

/** The fields every add-connection form has. */
type CommonValues = { display_name: string; default_role: DefaultRole };
type CreateInput = RouterInputs['sso']['createConnection'];

const ROLE_OPTIONS = (['member', 'billing', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));

/**
 * An add-connection form (OIDC or SAML): "Name", the provider's own fields (`children`), "Role for
 * new members" (the role a member signing in through the connection first gets), then "Add
 * connection" and Cancel. On submit it creates the connection from the common fields and what
 * `toInput` makes of the provider's.
 */
export function AddConnectionFrame<V extends CommonValues>({
  label,
  form,
  organization,
  onDone,
  createdText,
  toInput,
  children,
}: AddConnectionFormProps & {
  label: string;
  form: UseFormReturnType<V>;
  createdText: string;
  toInput: (values: V) => Omit<CreateInput, 'id' | 'display_name' | 'default_role'>;
  children: ReactNode;
}) {
  const create = useCreateConnection(form, createdText, onDone);
  // The common fields, typed for the generic form (Mantine types paths by the concrete values).
  const common = form as unknown as UseFormReturnType<CommonValues>;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={form.onSubmit((v) =>
        create.mutate({
          id: organization.uuid,
          display_name: v.display_name,
          ...toInput(v),
          default_role: v.default_role,
        }),
      )}
    >
      <Stack>
        <TextInput label="Name" {...common.getInputProps('display_name')} />
        {children}
        <Select
          label="Role for new members"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...common.getInputProps('default_role')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add connection
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
