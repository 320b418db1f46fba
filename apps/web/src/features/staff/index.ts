/** The public face of features/staff: other features and the pages import from here only. */
export * from './CustomerView';
export * from './CustomersList';
export * from './FigureTiles';
export * from './FleetSummary';
export * from './InstancesList';
export * from './PastDueList';
export * from './RetentionSummary';
export * from './RevenueCharts';
export * from './StaffOnly';
export * from './TicketFigures';
