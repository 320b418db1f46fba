/** The public face of features/dashboard: other features and the pages import from here only. */
export * from './GettingStarted';
export * from './NeedsAttention';
export * from './OverviewTiles';
export * from './SubscriptionSummary';
export * from './VerificationBanner';
export * from './types';
