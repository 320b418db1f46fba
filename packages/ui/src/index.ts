export * from './colors';
export * from './theme-from-branding';
export * from './accessible-colors';
export { BrandedTheme } from './BrandedTheme';
export { StatusBadge, STATUS_COLORS, statusLabel, type StatusBadgeProps } from './StatusBadge';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { PageHeader, type PageHeaderProps } from './PageHeader';
