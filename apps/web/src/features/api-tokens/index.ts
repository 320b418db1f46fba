/** The public face of features/api-tokens: other features and the pages import from here only. */
export * from './ApiTokensCard';
