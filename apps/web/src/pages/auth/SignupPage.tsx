import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function SignupPage() {
  usePageMeta('Create your account');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Create your account</Title>
    </Container>
  );
}
