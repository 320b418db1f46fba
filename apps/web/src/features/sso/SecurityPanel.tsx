import { Button, Card, Code, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, type OrganizationRole } from '@scmp/api/contracts/roles';
import { ORGANIZATION_DOMAIN_STATUS_LABELS, SSO_DOMAIN_TEXTS } from '@scmp/api/contracts/sso';
import { StatusBadge } from '@scmp/ui';
import { DnsRecordTable } from '../../lib/CopyValue';
import { ConnectionsCard } from './ConnectionsCard';
import { FailuresCard } from './FailuresCard';
import { PoliciesCard } from './PoliciesCard';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { DangerButton } from '../../lib/DangerButton';
import { QueryStates } from '../../lib/ListState';
import { notifyError } from '../../lib/notify';
import { SsoCard } from './SsoCard';

type Organization = { uuid: string; name: string; role: OrganizationRole };

/**
 * The e-mail domains card of the Security tab: add a domain, the TXT record that verifies it (with
 * copy buttons), verify now, remove. Single sign-on and the sign-in policies cover addresses at
 * verified domains only.
 */
function DomainsCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const domains = useQuery(trpc.sso.listDomains.queryOptions({ id: organization.uuid }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sso.listDomains.pathKey() });
  const form = useForm({ initialValues: { domain: '' } });
  const add = useMutation(
    trpc.sso.addDomain.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message ?? SSO_DOMAIN_TEXTS.added });
        form.reset();
        await refresh();
      },
      onError: (error) => {
        const field = errorEnvelopeOf(error)?.errors?.domain?.[0];
        form.setFieldError('domain', field ?? errorMessage(error, 'Could not add the domain'));
      },
    }),
  );
  const verify = useMutation(
    trpc.sso.verifyDomain.mutationOptions({
      onSuccess: async (result) => {
        const verified = result.data.status === 'verified';
        notifications.show({
          color: verified ? 'green' : 'yellow',
          message: verified
            ? (result.message ?? SSO_DOMAIN_TEXTS.verified)
            : `${result.message ?? SSO_DOMAIN_TEXTS.notYet} ${result.data.reason ?? ''}`.trim(),
        });
        await refresh();
      },
      onError: notifyError('Verification failed'),
    }),
  );
  const remove = useMutation(
    trpc.sso.removeDomain.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await refresh();
      },
      onError: notifyError('Could not remove'),
    }),
  );
  const list = domains.data?.data ?? [];

  return (
    <SsoCard
      title="E-mail domains"
      intro={
        <>
          Prove that your organization controls the domain of your staff&apos;s e-mail addresses.
          Single sign-on and the sign-in policies apply to addresses at verified domains only.
        </>
      }
    >
      <form
        onSubmit={form.onSubmit((values) =>
          add.mutate({ id: organization.uuid, domain: values.domain }),
        )}
        noValidate
      >
        <Group align="flex-start" mb="md">
          <TextInput
            label="Domain"
            placeholder="school.org.uk"
            style={{ flex: 1 }}
            {...form.getInputProps('domain')}
          />
          <Button type="submit" mt={25} loading={add.isPending}>
            Add domain
          </Button>
        </Group>
      </form>
      <QueryStates
        query={domains}
        loading={<Skeleton height={60} />}
        errorText="Failed to fetch data"
        isEmpty={list.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            No domains yet.
          </Text>
        }
      >
        <Stack gap="md">
          {list.map((d) => (
            <Card
              key={d.uuid}
              component="section"
              withBorder
              radius="sm"
              padding="md"
              aria-label={d.domain}
            >
              <Group justify="space-between" mb="xs">
                <Group gap="xs">
                  <Text fw={600}>{d.domain}</Text>
                  <StatusBadge
                    status={d.status}
                    label={ORGANIZATION_DOMAIN_STATUS_LABELS[d.status]}
                  />
                </Group>
                <Group gap="xs">
                  {d.status !== 'verified' ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={verify.isPending && verify.variables?.uuid === d.uuid}
                      onClick={() => verify.mutate({ id: organization.uuid, uuid: d.uuid })}
                    >
                      Verify {d.domain}
                    </Button>
                  ) : null}
                  <DangerButton
                    confirmation={{
                      title: `Remove ${d.domain}`,
                      message: (
                        <>
                          People with {d.domain} addresses will no longer be able to sign in through
                          your identity provider.
                        </>
                      ),
                      confirm: 'Remove',
                      onConfirm: () => remove.mutate({ id: organization.uuid, uuid: d.uuid }),
                    }}
                  >
                    Remove
                  </DangerButton>
                </Group>
              </Group>
              {d.status !== 'verified' ? (
                <>
                  <Text size="sm" mb="xs">
                    Create this DNS record at your domain&apos;s DNS provider, then verify:
                  </Text>
                  <DnsRecordTable
                    records={[d.dns_record]}
                    label={{
                      table: `DNS record for ${d.domain}`,
                      region: `DNS record for ${d.domain}`,
                    }}
                    show={(text) => <Code>{text}</Code>}
                    what={(_, part) => `record ${part}`}
                  />
                  {d.reason ? (
                    <Text size="sm" c="dimmed" mt="xs">
                      Last check: {d.reason}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Keep the TXT record {d.dns_record.name} in place: it is checked daily.
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      </QueryStates>
    </SsoCard>
  );
}

/** The Security tab of an organization (owner and admins): domains, connections, policies, failures. */
export function SecurityPanel({ organization }: { organization: Organization }) {
  if (!can(organization.role, 'manage')) return null;
  return (
    <Stack gap="lg">
      <DomainsCard organization={organization} />
      <ConnectionsCard organization={organization} />
      <PoliciesCard organization={organization} />
      <FailuresCard organization={organization} />
    </Stack>
  );
}
