/** Tables owned by the accounts area. Add its table types here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AccountsTables = {};
