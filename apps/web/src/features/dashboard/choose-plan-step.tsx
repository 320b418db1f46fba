import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { hasActivePlan } from '../instances';

/**
 * The Getting Started step "Choose a plan" (issue 40): done once any organization has an active
 * plan (or its billing is the owner's business: a member cannot choose one), read from the same
 * dashboard overview as the home's Subscription tile.
 */
export function useChoosePlanStep() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.dashboard.overview.queryOptions());
  const lines = overview.data?.data.subscriptions ?? [];
  const waiting = lines.find((line) => !hasActivePlan(line));
  return {
    label: 'Choose a plan',
    done: lines.some((line) => hasActivePlan(line)),
    action: (
      <Anchor component={Link} to={waiting ? waiting.link : '/dashboard/subscription'} size="sm">
        Choose a plan
      </Anchor>
    ),
  };
}
