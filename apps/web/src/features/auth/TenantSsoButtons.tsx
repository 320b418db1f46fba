import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * A tenant's own login page ({subdomain}.localhost/login) offers its organization's single
 * sign-on connections directly: one "Sign in with <name>" button each (to the identity provider).
 */
export function TenantSsoButtons({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const connections = useQuery(trpc.sso.tenantConnections.queryOptions({ slug }));
  const list = connections.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      {list.map((c) => (
        <Button key={c.uuid} component="a" href={c.start_url} variant="filled" fullWidth>
          Sign in with {c.display_name}
        </Button>
      ))}
    </Stack>
  );
}
