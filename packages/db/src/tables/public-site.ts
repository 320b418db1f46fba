/** Tables owned by the public site area. Add its table types here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type PublicSiteTables = {};
