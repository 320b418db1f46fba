/** The public face of features/marketing: other features and the pages import from here only. */
export * from './ContactForm';
export * from './ExpandableCards';
export * from './FaqSection';
export * from './LazyDemoModal';
export * from './LegalDocument';
export * from './MarketingPage';
export * from './PageHeader';
export * from './PlanCards';
export * from './PlanSummaries';
export * from './SavingsCalculator';
export * from './feature-icons';
export * from './features';
export * from './guides';
export * from './help-search';
export * from './videos';
export * from './HelpTileParts';
export * from './InfoTile';
