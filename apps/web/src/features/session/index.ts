/** The public face of features/session: other features and the pages import from here only. */
export * from './SessionExpiryRedirect';
export * from './SessionProvider';
