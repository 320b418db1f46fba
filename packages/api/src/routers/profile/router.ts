import { router } from '../../trpc';

/** Procedures of the profile area. */
export const profileRouter = router({});
