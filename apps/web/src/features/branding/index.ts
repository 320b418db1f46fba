/** The public face of features/branding: other features and the pages import from here only. */
export * from './BrandingEditor';
export * from './ResourceNotFound';
