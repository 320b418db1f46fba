import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function NotificationsPage() {
  usePageMeta('Notifications');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Notifications</Title>
    </Container>
  );
}
