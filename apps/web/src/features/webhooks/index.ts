/** The public face of features/webhooks: other features and the pages import from here only. */
export * from './WebhooksPanel';
