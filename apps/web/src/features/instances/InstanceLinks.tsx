import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';

type Linked = { uuid: string; name: string; instance_url: string | null };

/** "Visit": opens the instance's portal in a new tab; nothing while it has no address. */
export function VisitInstanceButton({ instance }: { instance: Linked }) {
  if (!instance.instance_url) return null;
  return (
    <Button
      component="a"
      href={instance.instance_url}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      variant="subtle"
      leftSection={<IconExternalLink size={14} />}
      aria-label={`Visit ${instance.name}`}
    >
      Visit
    </Button>
  );
}

/** "Manage": the instance's detail page. */
export function ManageInstanceButton({ instance }: { instance: Linked }) {
  return (
    <Button
      component={Link}
      to={`/dashboard/instances/${instance.uuid}`}
      size="xs"
      variant="light"
      aria-label={`Manage ${instance.name}`}
    >
      Manage
    </Button>
  );
}
