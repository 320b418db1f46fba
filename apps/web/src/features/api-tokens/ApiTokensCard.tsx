import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { API_TOKEN_TEXTS } from '@scmp/api/contracts/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fullDate } from '../account';
import { SecretDialog, useSecretDialog } from '../../lib/OneTimeSecret';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { CreateApiTokenForm } from './CreateApiTokenForm';
import { NewTokenNotice } from './NewTokenNotice';
import { confirmDanger } from '../../lib/confirm-danger';
import { QueryStates } from '../../lib/ListState';
import { notifyOutcome } from '../../lib/notify';

/**
 * Profile → API tokens: personal tokens for integrations (list, create with scopes, revoke). A
 * section of the profile page rather than a route of its own: every route adds to the entry chunk
 * that /login loads, and /login is at its 150 KB budget.
 */
export function ApiTokensCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dialog = useSecretDialog(() => create.reset());
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });

  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (result) => {
        dialog.reveal(result.data.token);
        await invalidate();
      },
    }),
  );
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions(
      notifyOutcome(API_TOKEN_TEXTS.revoked, 'Failed to revoke', invalidate),
    ),
  );
  const list = tokens.data?.data ?? [];

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="api-tokens-title">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h3" id="api-tokens-title">
              API tokens
            </Title>
            <Text size="sm" c="gray.7">
              Let another system (your MIS, a booking tool, an accountant) use the SCMP API with
              only the access it needs. Send a token as <Code>Authorization: Bearer …</Code>.
            </Text>
          </div>
          <Button onClick={dialog.open}>Create token</Button>
        </Group>
        <QueryStates
          query={tokens}
          loading={<Skeleton height={72} />}
          errorText="Failed to load API tokens"
          isEmpty={list.length === 0}
          empty={
            <Text size="sm" c="gray.7" data-testid="api-tokens-empty">
              No API tokens yet. Create one for each integration, so you can revoke it alone.
            </Text>
          }
        >
          <Stack gap="sm" data-testid="api-token-list">
            {list.map((token) => (
              <Paper key={token.uuid} withBorder p="sm" radius="md" data-testid="api-token-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text fw={600}>{token.name}</Text>
                      <Code>{token.prefix}…</Code>
                    </Group>
                    <Group gap={4}>
                      {token.scopes.map((scope) => (
                        <Badge key={scope} variant="light" size="sm">
                          {scope}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="sm" c="gray.7">
                      Created {fullDate(token.created_at)} ·{' '}
                      {token.expires_at ? `Expires ${fullDate(token.expires_at)}` : 'Never expires'}{' '}
                      · Last used{' '}
                      {token.last_used_at
                        ? `${fullDate(token.last_used_at)}${token.last_used_ip ? ` from ${token.last_used_ip}` : ''}`
                        : 'never'}
                    </Text>
                  </Stack>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={`Revoke API token ${token.name}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      confirmDanger({
                        title: 'Revoke API token',
                        message: (
                          <>
                            Revoke &ldquo;{token.name}&rdquo;? Every system using it stops working
                            at once. This cannot be undone.
                          </>
                        ),
                        confirm: 'Revoke token',
                        onConfirm: () => revoke.mutate({ uuid: token.uuid }),
                      })
                    }
                  >
                    Revoke
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </QueryStates>
      </Stack>
      <SecretDialog
        dialog={dialog}
        title="Create an API token"
        revealTitle="Your new API token"
        reveal={(token) => <NewTokenNotice token={token} onDone={dialog.close} />}
        form={
          <CreateApiTokenForm
            busy={create.isPending}
            error={create.isError ? errorMessage(create.error, 'Failed to create the token') : null}
            onSubmit={(input) => create.mutate(input)}
          />
        }
      />
    </Card>
  );
}
