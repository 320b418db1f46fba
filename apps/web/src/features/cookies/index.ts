/** The public face of features/cookies: other features and the pages import from here only. */
export * from './CookieConsentProvider';
export * from './PageViewTracker';
