import { router } from '../../trpc';

/** Procedures of the branding area. */
export const brandingRouter = router({});
