import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The tooltip of a refused action (RoleGate): loaded only where a role refuses something. */
export default function DeniedTooltip({
  reason,
  children,
}: {
  reason: string;
  children: ReactElement;
}) {
  return (
    <Tooltip label={reason} multiline w={280} withArrow>
      {children}
    </Tooltip>
  );
}
