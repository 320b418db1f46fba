import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, PASSKEY_TEXTS } from './passkeys';

/** A passkey's name, e.g. "Office laptop". */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_TEXTS.nameRequired })
  .trim()
  .min(1, PASSKEY_TEXTS.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_TEXTS.nameTooLong);
