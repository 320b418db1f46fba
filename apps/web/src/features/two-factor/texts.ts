export const TEXTS = {
  enabled: 'Two-factor authentication has been enabled successfully!',
  regenerated: 'New recovery codes generated successfully!',
  scan: 'Scan the QR code with your authenticator app.',
};
