import { router } from '../../trpc';

/** Procedures of the instances area. */
export const instancesRouter = router({});
