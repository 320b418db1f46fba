import { router } from '../../trpc';
import { me } from './me';

/** Procedures of the auth area. */
export const authRouter = router({ me });
