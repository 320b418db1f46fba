import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function ResetPasswordPage() {
  usePageMeta('Reset your password');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Reset your password</Title>
    </Container>
  );
}
