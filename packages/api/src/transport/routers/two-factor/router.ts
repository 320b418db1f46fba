import { router } from '../../trpc';
import { confirm } from './confirm';
import { disable } from './disable';
import { enable } from './enable';
import { getStatus } from './get-status';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';

/** Procedures of the two factor area. */
export const twoFactorRouter = router({
  status: getStatus,
  enable,
  confirm,
  disable,
  regenerateRecoveryCodes,
});
