import { Button, List, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../lib/SectionCard';

/**
 * A red "danger zone" card (delete the account, close an organization): its heading, what the
 * step does, a button that opens the confirmation `form` in its place.
 */
export function DangerZoneCard({
  id,
  title,
  titleSize,
  mt,
  intro,
  consequences,
  children,
  open,
  onOpen,
  openLabel,
  openMaw,
  form,
}: {
  id: string;
  title: string;
  titleSize: 'h3' | 'h4';
  mt?: MantineSpacing;
  intro: string;
  /** The list under `intro`, one item a consequence. */
  consequences: ReactNode[];
  /** Drawn between the list and the button. */
  children?: ReactNode;
  open: boolean;
  onOpen: () => void;
  openLabel: string;
  openMaw: number;
  form: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      titleId={id}
      titleSize={titleSize}
      titleColor="red.9"
      mt={mt}
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Text size="sm">{intro}</Text>
      <List size="sm" spacing={4}>
        {consequences.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
      {children}
      {open ? (
        form
      ) : (
        <Button color="red.9" variant="outline" onClick={onOpen} maw={openMaw}>
          {openLabel}
        </Button>
      )}
    </SectionCard>
  );
}
