/** Texts of the passkey operations, shared by the server and the web app. */
export const PASSKEY_TEXTS = {
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  signedIn: 'Signed in with a passkey.',
  notFound: 'Passkey not found.',
  notRegistered: 'This passkey is not registered. Sign in with your password.',
  notVerified: 'The passkey could not be verified. Please try again.',
  expired: 'The passkey request has expired or was already used. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  tooMany: 'You can register at most 20 passkeys. Remove one first.',
  noPasskeys: 'This account has no passkeys.',
  proofRequired:
    'Enter your password or a current authentication code to remove your last passkey.',
  wrongProof: 'The password or code is incorrect.',
  nameRequired: 'Give the passkey a name.',
  nameTooLong: 'The name may not be longer than 60 characters.',
} as const;

export const MAX_PASSKEYS_PER_USER = 20;

/** A passkey name's longest length. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** The rule of passkeyNameSchema as a plain check (the web's form): the first failing text, or null. */
export function passkeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return PASSKEY_TEXTS.nameRequired;
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return PASSKEY_TEXTS.nameTooLong;
  return null;
}
