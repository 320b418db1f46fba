import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function DashboardHomePage() {
  usePageMeta('Dashboard');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Dashboard</Title>
    </Container>
  );
}
