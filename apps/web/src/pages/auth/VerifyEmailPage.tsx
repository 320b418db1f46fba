import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function VerifyEmailPage() {
  usePageMeta('Verify your email');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Verify your email</Title>
    </Container>
  );
}
