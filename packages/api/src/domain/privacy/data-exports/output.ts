import type { Selectable } from 'kysely';
import type { DataExportsTable } from '@scmp/db';
import { z } from 'zod';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../../../contracts/privacy';
import { toIso } from '../../../core/iso-date';

export type ExportRow = Selectable<DataExportsTable>;

/**
 * A data export as the API shows it (personal and organization exports alike): one zod schema, the
 * service's return type is its z.output and the routers' .output() reuse it; strict, so the two
 * cannot drift apart (the doors-agree test calls every procedure).
 */
export const dataExportOutput = z.strictObject({
  uuid: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().nullable(),
});

export type DataExportOutput = z.output<typeof dataExportOutput>;

/** The answer to requesting an export: it is being built. */
export const requestedExportOutput = z.strictObject({
  uuid: z.string(),
  status: z.literal('pending'),
});

export type RequestedExportOutput = z.output<typeof requestedExportOutput>;

export function statusOf(row: ExportRow, now: Date): DataExportStatus {
  if (row.status !== 'ready') return row.status;
  return row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : 'ready';
}

export function toExportOutput(row: ExportRow, now: Date): DataExportOutput {
  return {
    uuid: row.uuid,
    status: statusOf(row, now),
    created_at: new Date(row.created_at).toISOString(),
    completed_at: toIso(row.completed_at),
    expires_at: toIso(row.expires_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}
