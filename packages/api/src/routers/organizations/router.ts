import { router } from '../../trpc';

/** Procedures of the organizations area. */
export const organizationsRouter = router({});
