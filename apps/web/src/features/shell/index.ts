export { Hero, PageBand } from './PageBand';
export { SiteFooter } from './SiteFooter';
export { SiteHeader } from './SiteHeader';
export { useSignOut } from './use-sign-out';
export * from './nav-links';
