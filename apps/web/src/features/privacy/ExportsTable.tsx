import { Badge, Button, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import type { DataExportStatus } from '@scmp/api/contracts/privacy';
import { errorMessage } from '../../lib/trpc';
import { fullDate } from '../account';
import { downloadDataExport } from './data-export-download';
import { useReauth } from './useReauth';
import { DataTable } from '../../lib/DataTable';
import { hiddenHeading } from '../../lib/hidden-heading';

const STATUS: Record<DataExportStatus, { label: string; color: string }> = {
  pending: { label: 'Preparing', color: 'yellow' },
  ready: { label: 'Ready', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

export type DataExportRow = {
  uuid: string;
  status: DataExportStatus;
  created_at: string;
  expires_at: string | null;
  size_bytes: number | null;
};

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Downloading an export (one's own, or an organization's): the password is asked first when the
 * last confirmation is older than 10 minutes (useReauth); `modal` is that dialog, to draw.
 */
export function useExportDownload(organizationUuid?: string): {
  downloading: string | null;
  download: (uuid: string) => Promise<void>;
  modal: ReactNode;
} {
  const reauth = useReauth();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (uuid: string) => {
    setDownloading(uuid);
    try {
      await reauth.run(() => downloadDataExport(uuid, organizationUuid));
    } catch (error) {
      if (!(error instanceof Error && error.message === 'Password confirmation cancelled'))
        notifications.show({
          color: 'red',
          message: errorMessage(error, (error as Error).message),
        });
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download, modal: reauth.modal };
}

/** The exports of "Your data" and "Export organization data": requested, status, until, download. */
export function ExportsTable({
  exports,
  label,
  downloadLabel,
  withSize,
  downloading,
  onDownload,
}: {
  exports: DataExportRow[];
  /** The table's accessible name, e.g. "Your data exports". */
  label: string;
  /** A download button's accessible name, from the export's date. */
  downloadLabel: (requested: string) => string;
  /** Whether the button says the file's size ("Download 2.1 MB"). */
  withSize: boolean;
  downloading: string | null;
  onDownload: (uuid: string) => void;
}) {
  return (
    <DataTable
      columns={['Requested', 'Status', 'Available until', hiddenHeading('Download')]}
      minWidth={480}
      aria-label={label}
    >
      {exports.map((e) => (
        <Table.Tr key={e.uuid}>
          <Table.Td>{fullDate(e.created_at)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS[e.status].color} variant="light">
              {STATUS[e.status].label}
            </Badge>
          </Table.Td>
          <Table.Td>{e.expires_at ? fullDate(e.expires_at) : '—'}</Table.Td>
          <Table.Td>
            {e.status === 'ready' && (
              <Button
                size="xs"
                variant="light"
                loading={downloading === e.uuid}
                onClick={() => onDownload(e.uuid)}
                aria-label={downloadLabel(fullDate(e.created_at))}
              >
                {withSize ? `Download ${size(e.size_bytes)}` : 'Download'}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
