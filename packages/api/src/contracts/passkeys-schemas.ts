import { PASSKEY_NAME_MAX_LENGTH, PASSKEY_TEXTS } from './passkeys';
import { requiredText } from './text-input';

/** A passkey's name, e.g. "Office laptop". */
export const passkeyNameSchema = requiredText(
  PASSKEY_TEXTS.nameRequired,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_TEXTS.nameTooLong,
);
