import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to a customer's page in the operator console. */
export function CustomerLink({
  uuid,
  children,
  ...anchor
}: AnchorProps & { uuid: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={`/dashboard/staff/customers/${uuid}`} {...anchor}>
      {children}
    </Anchor>
  );
}
