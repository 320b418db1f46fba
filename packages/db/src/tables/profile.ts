/** Tables owned by the profile area. Add its table types here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type ProfileTables = {};
