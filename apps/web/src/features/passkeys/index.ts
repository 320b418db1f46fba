/** The public face of features/passkeys: other features and the pages import from here only. */
export * from './PasskeysCard';
export * from './passkey-browser';
