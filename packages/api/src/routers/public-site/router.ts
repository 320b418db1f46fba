import { router } from '../../trpc';

/** Procedures of the public site area. */
export const publicSiteRouter = router({});
