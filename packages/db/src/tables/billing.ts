/** Tables owned by the billing area. Add its table types here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type BillingTables = {};
