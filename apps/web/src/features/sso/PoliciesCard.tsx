import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SsoCard } from './SsoCard';

type Organization = { uuid: string; name: string };

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * The sign-in policies card of the Security tab: Require single sign-on (disabled, with the
 * reason, until a connection test succeeded) and Require two-factor, each with a plain-language
 * summary of who is covered and what happens.
 */
export function PoliciesCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const policy = useQuery(trpc.sso.getPolicy.queryOptions({ id: organization.uuid }));
  const update = useMutation(
    trpc.sso.updatePolicy.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message ?? SSO_POLICY_TEXTS.updated });
        queryClient.setQueryData(trpc.sso.getPolicy.queryKey({ id: organization.uuid }), result);
        await queryClient.invalidateQueries({ queryKey: trpc.sso.getPolicy.pathKey() });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, 'Could not save the sign-in policies'),
        }),
    }),
  );
  const p = policy.data?.data;
  const domains = p?.verified_domains.length ? list(p.verified_domains) : 'your verified domains';
  const idp = p?.tested_connection ?? 'your identity provider';
  const people =
    p?.covered_member_count === 1
      ? '1 member today'
      : `${p?.covered_member_count ?? 0} members today`;

  const setRequireSso = (on: boolean) => {
    if (!on) {
      update.mutate({ id: organization.uuid, require_sso: false });
      return;
    }
    modals.openConfirmModal({
      title: 'Require single sign-on?',
      children: (
        <Text size="sm">
          Members with an address at {domains} ({people}) will have to sign in through {idp}. Their
          sessions that did not come through single sign-on end now — yours too, if you signed in
          with a password and your address is at {domains} (the owner’s stay).
        </Text>
      ),
      labels: { confirm: 'Require single sign-on', cancel: 'Cancel' },
      onConfirm: () => update.mutate({ id: organization.uuid, require_sso: true }),
    });
  };

  return (
    <SsoCard
      title="Sign-in policies"
      intro={<>Decide how the people of {organization.name} sign in.</>}
    >
      {policy.isPending ? (
        <Skeleton height={120} />
      ) : policy.isError || !p ? (
        <ErrorAlert error={policy.error} fallback="Failed to fetch data" />
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <Switch
              label="Require single sign-on"
              checked={p.require_sso}
              disabled={update.isPending || (!p.require_sso && !p.can_require_sso)}
              onChange={(event) => setRequireSso(event.currentTarget.checked)}
            />
            {!p.require_sso && !p.can_require_sso ? (
              <Alert color="yellow" variant="light" c="dark.7" data-testid="require-sso-reason">
                {p.require_sso_blocked_reason}
              </Alert>
            ) : null}
            <Text size="sm" data-testid="require-sso-summary">
              Members whose e-mail address is at {domains} ({people}) sign in through {idp} only.
              Their password and passkey sign-ins are refused with a link to your identity provider,
              and when you switch this on their sessions that did not come through single sign-on
              end at once. Members at other addresses are not affected.
            </Text>
            <Text size="sm">
              Break-glass: the owner can always sign in with their password and second factor, in
              case the identity provider is down. Each such sign-in is recorded in the activity log
              and e-mailed to the owner and the admins.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Switch
              label="Require two-factor authentication"
              checked={p.require_two_factor}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({
                  id: organization.uuid,
                  require_two_factor: event.currentTarget.checked,
                })
              }
            />
            <Text size="sm" data-testid="require-two-factor-summary">
              Every member who does not sign in through single sign-on needs an authenticator app or
              a passkey. Members without one are sent to set it up before they can open any page of{' '}
              {organization.name}, and their calls to its API (API tokens included) are refused
              until they do. Members signing in through single sign-on are covered by your identity
              provider’s own rules.
            </Text>
          </Stack>
        </Stack>
      )}
    </SsoCard>
  );
}
