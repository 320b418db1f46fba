/** The public face of features/charts: other features and the pages import from here only. */
export * from './BarChart';
export * from './TrendChart';
