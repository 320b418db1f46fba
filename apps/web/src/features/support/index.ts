/** The public face of features/support: other features and the pages import from here only. */
export * from './NewTicketModal';
export * from './StaffTicketPanel';
export * from './TicketDetailDrawer';
export * from './TicketList';
export * from './api';
export * from './badges';
