import { router } from '../../trpc';
import { confirmPassword } from './confirm-password';

/** Privacy and the data lifecycle (issue 38): re-authentication, data exports. */
export const privacyRouter = router({
  confirmPassword,
});
