import { useInvalidateQueries } from '../../lib/invalidate';

/** What the closing banner and the close card need of an organization. */
export type Organization = {
  uuid: string;
  name: string;
  role: string;
  status: string;
  purge_at: string | null;
};

/** Refetches the organization and instance lists after a close or restore. */
export const useRefresh = () =>
  useInvalidateQueries((trpc) => [trpc.organizations, trpc.instances]);
