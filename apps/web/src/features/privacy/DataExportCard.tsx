import { Button, Group, Text, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SectionCard } from '../../lib/SectionCard';
import { ExportsTable, useExportDownload, type DataExportRow } from './ExportsTable';

/** A list of exports is asked again every 3 s while one of them is still being prepared. */
export function refetchWhilePending(query: {
  state: { data?: { data: { status: string }[] } };
}): number | false {
  return query.state.data?.data.some((e) => e.status === 'pending') ? 3000 : false;
}

/**
 * A data export card (yours on the profile, an organization's on its page): what the export
 * holds, the button that requests one, and the table of exports with their downloads.
 */
export function DataExportCard({
  section,
  title,
  description,
  request,
  exports,
  organizationUuid,
  table,
  mt,
}: {
  /** The card's id (a link target) and its title's. */
  section: { id: string; titleId: string; titleSize: TitleProps['size'] };
  title: string;
  description: ReactNode;
  request: {
    label: string;
    errorText: string;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    send: () => void;
  };
  exports: DataExportRow[];
  /** The organization whose export is downloaded; none for your own. */
  organizationUuid?: string;
  table: Pick<Parameters<typeof ExportsTable>[0], 'label' | 'downloadLabel' | 'withSize'>;
  mt?: string;
}) {
  const exporter = useExportDownload(organizationUuid);
  return (
    <SectionCard
      title={title}
      titleId={section.titleId}
      titleSize={section.titleSize}
      id={section.id}
      mt={mt}
      outside={exporter.modal}
    >
      <Text size="sm" c="gray.7">
        {description}
      </Text>
      {request.isError && <ErrorAlert error={request.error} fallback={request.errorText} />}
      <Group>
        <Button onClick={request.send} loading={request.isPending}>
          {request.label}
        </Button>
      </Group>
      {exports.length > 0 && (
        <ExportsTable
          exports={exports}
          {...table}
          downloading={exporter.downloading}
          onDownload={(uuid) => void exporter.download(uuid)}
        />
      )}
    </SectionCard>
  );
}
