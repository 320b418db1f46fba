import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';
import {
  GOOGLE_ISSUER,
  SSO_PRESET_LABELS,
  SSO_TEXTS,
  entraIssuer,
  type SsoPresetValue,
} from '@scmp/api/contracts/sso';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { Copy } from './Copy';

type Organization = { uuid: string; name: string };

const ROLE_OPTIONS = (['member', 'billing', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));

/** Add an OpenID Connect connection, with presets for Google Workspace and Microsoft Entra ID. */
function AddConnectionForm({
  organization,
  onDone,
}: {
  organization: Organization;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      preset: 'google' as SsoPresetValue,
      display_name: 'Google Workspace',
      issuer: GOOGLE_ISSUER,
      entra_tenant_id: '',
      client_id: '',
      client_secret: '',
      default_role: 'member' as 'member' | 'billing' | 'admin',
    },
  });
  const choosePreset = (preset: SsoPresetValue) => {
    form.setValues({
      preset,
      display_name: SSO_PRESET_LABELS[preset],
      issuer:
        preset === 'google'
          ? GOOGLE_ISSUER
          : preset === 'entra'
            ? entraIssuer(form.values.entra_tenant_id || '<tenant id>')
            : '',
    });
  };
  const create = useMutation(
    trpc.sso.createConnection.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message ?? SSO_TEXTS.created });
        await queryClient.invalidateQueries({ queryKey: trpc.sso.listConnections.pathKey() });
        onDone();
      },
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors ?? {};
        const fields = Object.keys(errors);
        for (const field of fields) form.setFieldError(field, errors[field]?.[0]);
        if (fields.length === 0)
          notifications.show({ color: 'red', message: errorMessage(error, 'Could not add') });
      },
    }),
  );
  return (
    <form
      aria-label="Add a connection"
      noValidate
      onSubmit={form.onSubmit((v) =>
        create.mutate({
          id: organization.uuid,
          type: 'oidc',
          preset: v.preset,
          display_name: v.display_name,
          issuer: v.preset === 'entra' ? entraIssuer(v.entra_tenant_id.trim()) : v.issuer,
          entra_tenant_id: v.preset === 'entra' ? v.entra_tenant_id : null,
          client_id: v.client_id,
          client_secret: v.client_secret,
          default_role: v.default_role,
        }),
      )}
    >
      <Stack>
        <SegmentedControl
          aria-label="Identity provider"
          value={form.values.preset}
          onChange={(value) => choosePreset(value as SsoPresetValue)}
          data={[
            { value: 'google', label: SSO_PRESET_LABELS.google },
            { value: 'entra', label: SSO_PRESET_LABELS.entra },
            { value: 'generic', label: 'Other (OpenID Connect)' },
          ]}
        />
        <TextInput label="Name" {...form.getInputProps('display_name')} />
        {form.values.preset === 'entra' ? (
          <TextInput
            label="Tenant ID"
            description="Microsoft Entra admin center → Overview → Tenant ID"
            {...form.getInputProps('entra_tenant_id')}
          />
        ) : (
          <TextInput
            label="Issuer"
            readOnly={form.values.preset === 'google'}
            {...form.getInputProps('issuer')}
          />
        )}
        <TextInput label="Client ID" {...form.getInputProps('client_id')} />
        <PasswordInput label="Client secret" {...form.getInputProps('client_secret')} />
        <Select
          label="Role for new members"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('default_role')}
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

/**
 * The connections card of the Security tab: each connection with the redirect URI to paste into
 * the identity provider, the test button and what the last test received.
 */
export function ConnectionsCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const connections = useQuery(trpc.sso.listConnections.queryOptions({ id: organization.uuid }));
  const test = useMutation(
    trpc.sso.testConnection.mutationOptions({
      onSuccess: (result) => window.location.assign(result.data.redirect_url),
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, 'Could not start') }),
    }),
  );
  const remove = useMutation(
    trpc.sso.deleteConnection.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await queryClient.invalidateQueries({ queryKey: trpc.sso.listConnections.pathKey() });
      },
    }),
  );
  const list = connections.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          Single sign-on connections
        </Title>
        {adding ? null : <Button onClick={() => setAdding(true)}>Add connection</Button>}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        People at your verified domains sign in through your identity provider and join this
        organization with the connection&apos;s role (never as owner).
      </Text>
      {adding ? (
        <Card withBorder radius="sm" padding="md" mb="md">
          <AddConnectionForm organization={organization} onDone={() => setAdding(false)} />
        </Card>
      ) : null}
      {connections.isError ? (
        <Alert color="red">{errorMessage(connections.error, 'Failed to fetch data')}</Alert>
      ) : list.length === 0 && !connections.isPending ? (
        <Text c="dimmed" size="sm">
          No connections yet.
        </Text>
      ) : (
        <Stack>
          {list.map((c) => (
            <Card
              key={c.uuid}
              component="section"
              aria-label={c.display_name}
              withBorder
              radius="sm"
              padding="md"
            >
              <Group justify="space-between" mb="xs">
                <Group gap="xs">
                  <Text fw={600}>{c.display_name}</Text>
                  <Badge variant="light">{SSO_PRESET_LABELS[c.preset]}</Badge>
                  {c.last_test ? (
                    <Badge color={c.last_test.ok ? 'green' : 'red'} variant="light" c="dark.7">
                      {c.last_test.ok ? 'Test passed' : 'Test failed'}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" c="dark.7">
                      Not tested
                    </Badge>
                  )}
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    loading={test.isPending}
                    onClick={() => test.mutate({ id: organization.uuid, uuid: c.uuid })}
                  >
                    Test the connection
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      modals.openConfirmModal({
                        title: `Remove ${c.display_name}`,
                        children: (
                          <Text size="sm">Its members keep their accounts and sessions.</Text>
                        ),
                        labels: { confirm: 'Remove', cancel: 'Cancel' },
                        confirmProps: { color: 'red' },
                        onConfirm: () => remove.mutate({ id: organization.uuid, uuid: c.uuid }),
                      })
                    }
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
              <Table variant="vertical" withTableBorder aria-label={`Values for ${c.display_name}`}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={160}>Redirect URI</Table.Th>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Code>{c.redirect_uri}</Code>
                        <Copy value={c.redirect_uri ?? ''} what="redirect URI" />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Issuer</Table.Th>
                    <Table.Td>
                      <Code>{c.issuer}</Code>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Client ID</Table.Th>
                    <Table.Td>
                      <Code>{c.client_id}</Code>
                      {c.client_secret_set ? (
                        <Text span size="sm" c="dimmed" ml="sm">
                          secret stored
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Role for new members</Table.Th>
                    <Table.Td>{ROLE_LABELS[c.default_role]}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {c.last_test ? (
                <Stack gap={4} mt="sm">
                  <Text size="sm" fw={500}>
                    Last test {new Date(c.last_test.at).toLocaleString()}
                  </Text>
                  {c.last_test.error ? <Alert color="red">{c.last_test.error}</Alert> : null}
                  {c.last_test.claims ? (
                    <Code block aria-label="Claims received">
                      {JSON.stringify(c.last_test.claims, null, 2)}
                    </Code>
                  ) : null}
                </Stack>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Sign-in failures: refused SSO attempts with the reason (the person saw one message). */
export function FailuresCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const failures = useQuery(trpc.sso.failures.queryOptions({ id: organization.uuid }));
  const list = failures.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Sign-in failures
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No refused sign-ins.
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={600}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Sign-in failures (scrolls sideways)"
        >
          <Table aria-label="Sign-in failures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Connection</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((f) => (
                <Table.Tr key={f.uuid}>
                  <Table.Td>{new Date(f.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>{f.connection_name}</Table.Td>
                  <Table.Td>{f.email ?? '—'}</Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
