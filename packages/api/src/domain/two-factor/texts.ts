export const TWO_FACTOR_TEXTS = {
  invalidCode: 'Invalid verification code',
  /** A right code of a time step already accepted (the replay block): say so, not "invalid". */
  reusedCode: 'This code was just used — wait for the next one',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notEnabled: 'Two-factor authentication is not enabled.',
  noPendingSetup: 'Start the two-factor setup first.',
  wrongPassword: 'The password is incorrect.',
  setupStarted: 'Scan the QR code with your authenticator app.',
  enabled: 'Two-factor authentication has been enabled successfully!',
  disabled: 'Two-factor authentication has been disabled.',
  regenerated: 'New recovery codes generated successfully!',
} as const;
