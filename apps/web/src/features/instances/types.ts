import type { RouterOutputs } from '../../lib/types';

export type Instance = RouterOutputs['instances']['get']['data'];
export type InstanceHealth = RouterOutputs['instances']['health']['data'];

/** Statuses that change on their own (the worker moves them on): lists poll while any is shown. */
export function isSettling(instance: Pick<Instance, 'status' | 'ssl_status'>): boolean {
  return (
    instance.status === 'pending' ||
    instance.status === 'provisioning' ||
    (instance.status === 'active' && instance.ssl_status === 'pending')
  );
}

/** refetchInterval for a list query: 2 s while an instance is settling, else off. */
export function pollWhileSettling(data: { data: Instance[] } | undefined): number | false {
  return data?.data.some(isSettling) ? 2000 : false;
}
