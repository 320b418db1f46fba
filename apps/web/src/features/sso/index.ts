/** The public face of features/sso: other features and the pages import from here only. */
export * from './SecurityPanel';
