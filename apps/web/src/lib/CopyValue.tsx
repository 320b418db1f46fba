import { ActionIcon, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LazyTooltip } from './LazyTooltip';

/** A copy button for one value ("Copy record value"): a check mark and "Copied" once copied. */
export function CopyIconButton({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <LazyTooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${what}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </LazyTooltip>
      )}
    </CopyButton>
  );
}

/** A value as drawn (`children`) with its copy button beside it, on one line. */
export function CopyableValue({
  value,
  what,
  children,
}: {
  value: string;
  what: string;
  children: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <CopyIconButton value={value} what={what} />
    </Group>
  );
}
