import { router } from '../../trpc';

/** Procedures of the subscription area. */
export const subscriptionRouter = router({});
