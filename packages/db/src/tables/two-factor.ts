/** Tables owned by the two factor area. Add its table types here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type TwoFactorTables = {};
