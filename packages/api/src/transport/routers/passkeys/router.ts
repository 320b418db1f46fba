import { router } from '../../trpc';
import { listPasskeys } from './list-passkeys';
import { registrationOptions } from './registration-options';
import { registrationVerify } from './registration-verify';
import { removePasskey } from './remove-passkey';
import { renamePasskey } from './rename-passkey';

/** Procedures of the passkeys area (managing the signed-in user's passkeys). */
export const passkeysRouter = router({
  list: listPasskeys,
  registrationOptions,
  registrationVerify,
  rename: renamePasskey,
  remove: removePasskey,
});
