/** The public face of features/two-factor: other features and the pages import from here only. */
export * from './TwoFactorCard';
