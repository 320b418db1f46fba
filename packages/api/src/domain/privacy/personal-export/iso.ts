export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
