import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function ActivityLogPage() {
  usePageMeta('Activity Log');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Activity Log</Title>
    </Container>
  );
}
