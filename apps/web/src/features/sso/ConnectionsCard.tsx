import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';
import { SSO_PRESET_LABELS } from '@scmp/api/contracts/sso';
import { useTRPC } from '../../lib/trpc';
import { AddConnectionForm } from './AddConnectionForm';
import { ConnectionRolesEditor } from './ConnectionRolesEditor';
import { CopyableValue } from '../../lib/CopyValue';
import { AddSamlConnectionForm, SamlRows } from './SamlConnection';
import { DangerButton } from '../../lib/DangerButton';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SsoCard } from './SsoCard';
import { notifyError } from '../../lib/notify';

type Organization = { uuid: string; name: string };

/**
 * The connections card of the Security tab: each connection with the redirect URI to paste into
 * the identity provider, the test button and what the last test received.
 */
export function ConnectionsCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [protocol, setProtocol] = useState<'oidc' | 'saml'>('oidc');
  const connections = useQuery(trpc.sso.listConnections.queryOptions({ id: organization.uuid }));
  const test = useMutation(
    trpc.sso.testConnection.mutationOptions({
      onSuccess: (result) => window.location.assign(result.data.redirect_url),
      onError: notifyError('Could not start'),
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
    <SsoCard
      title="Single sign-on connections"
      action={adding ? null : <Button onClick={() => setAdding(true)}>Add connection</Button>}
      intro={
        <>
          People at your verified domains sign in through your identity provider and join this
          organization with the connection&apos;s role (never as owner).
        </>
      }
    >
      {adding ? (
        <Card withBorder radius="sm" padding="md" mb="md">
          <SegmentedControl
            aria-label="Protocol"
            mb="md"
            value={protocol}
            onChange={(value) => setProtocol(value as 'oidc' | 'saml')}
            data={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
          />
          {protocol === 'saml' ? (
            <AddSamlConnectionForm organization={organization} onDone={() => setAdding(false)} />
          ) : (
            <AddConnectionForm organization={organization} onDone={() => setAdding(false)} />
          )}
        </Card>
      ) : null}
      {connections.isError ? (
        <ErrorAlert error={connections.error} fallback="Failed to fetch data" />
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
                  <Badge variant="light">
                    {c.type === 'saml' ? 'SAML 2.0' : SSO_PRESET_LABELS[c.preset]}
                  </Badge>
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
                  <DangerButton
                    confirmation={{
                      title: `Remove ${c.display_name}`,
                      message: 'Its members keep their accounts and sessions.',
                      confirm: 'Remove',
                      onConfirm: () => remove.mutate({ id: organization.uuid, uuid: c.uuid }),
                    }}
                  >
                    Remove
                  </DangerButton>
                </Group>
              </Group>
              <Table variant="vertical" withTableBorder aria-label={`Values for ${c.display_name}`}>
                <Table.Tbody>
                  {c.type === 'saml' ? <SamlRows connection={c} /> : null}
                  {c.type === 'saml' ? null : (
                    <>
                      <Table.Tr>
                        <Table.Th w={160}>Redirect URI</Table.Th>
                        <Table.Td>
                          <CopyableValue value={c.redirect_uri ?? ''} what="redirect URI">
                            <Code>{c.redirect_uri}</Code>
                          </CopyableValue>
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
                    </>
                  )}
                  <Table.Tr>
                    <Table.Th>Role for new members</Table.Th>
                    <Table.Td>{ROLE_LABELS[c.default_role]}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <ConnectionRolesEditor organizationUuid={organization.uuid} connection={c} />
              {c.last_test ? (
                <Stack gap={4} mt="sm">
                  <Text size="sm" fw={500}>
                    Last test {new Date(c.last_test.at).toLocaleString()}
                  </Text>
                  {c.last_test.error ? <Alert color="red">{c.last_test.error}</Alert> : null}
                  {c.last_test.claims ? (
                    <Code
                      block
                      aria-label={c.type === 'saml' ? 'Attributes received' : 'Claims received'}
                    >
                      {JSON.stringify(c.last_test.claims, null, 2)}
                    </Code>
                  ) : null}
                </Stack>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
    </SsoCard>
  );
}
