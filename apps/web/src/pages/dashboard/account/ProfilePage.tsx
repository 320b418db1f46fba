import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function ProfilePage() {
  usePageMeta('Profile');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Profile</Title>
    </Container>
  );
}
