import { router } from '../../trpc';

/** Procedures of the two factor area. */
export const twoFactorRouter = router({});
