import { router } from '../../trpc';

/** Procedures of the support area. */
export const supportRouter = router({});
