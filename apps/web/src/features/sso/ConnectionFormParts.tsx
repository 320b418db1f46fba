import { Button, Group, Select } from '@mantine/core';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';

/** What an add-connection form (OIDC or SAML) is given. */
export type AddConnectionFormProps = {
  organization: { uuid: string; name: string };
  onDone: () => void;
};

export type DefaultRole = 'member' | 'billing' | 'admin';

const ROLE_OPTIONS = (['member', 'billing', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));

/** "Role for new members": the role a member signing in through the connection first gets. */
export function DefaultRoleSelect(inputProps: object) {
  return (
    <Select
      label="Role for new members"
      data={ROLE_OPTIONS}
      allowDeselect={false}
      {...inputProps}
    />
  );
}

/** The add-connection form's buttons: "Add connection" and Cancel. */
export function AddConnectionButtons({
  pending,
  onDone,
}: {
  pending: boolean;
  onDone: () => void;
}) {
  return (
    <Group>
      <Button type="submit" loading={pending}>
        Add connection
      </Button>
      <Button variant="subtle" onClick={onDone}>
        Cancel
      </Button>
    </Group>
  );
}
