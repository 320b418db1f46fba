import type { RouterOutputs } from '../../lib/types';

type ListItem = RouterOutputs['organizations']['list']['data'][number];
export type Organization = RouterOutputs['organizations']['get']['data'];

/** The list answers full organizations when signed in (public lookups carry only four fields). */
export function isFullOrganization(item: ListItem): item is Organization {
  return 'type' in item;
}
