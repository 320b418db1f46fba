import type { Selectable } from 'kysely';
import type { DataExportsTable } from '@scmp/db';
import type { DataExportStatus } from '../../../contracts/privacy';

export type ExportRow = Selectable<DataExportsTable>;

export type DataExportOutput = {
  uuid: string;
  status: DataExportStatus;
  created_at: string;
  completed_at: string | null;
  expires_at: string | null;
  size_bytes: number | null;
};

export function statusOf(row: ExportRow, now: Date): DataExportStatus {
  if (row.status !== 'ready') return row.status;
  return row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : 'ready';
}

export function toExportOutput(row: ExportRow, now: Date): DataExportOutput {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    uuid: row.uuid,
    status: statusOf(row, now),
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
    expires_at: iso(row.expires_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}
