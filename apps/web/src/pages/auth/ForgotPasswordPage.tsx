import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Forgot your password?</Title>
    </Container>
  );
}
