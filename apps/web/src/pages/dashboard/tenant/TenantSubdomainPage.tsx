import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function TenantSubdomainPage() {
  usePageMeta('Tenant Subdomain');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Tenant Subdomain</Title>
    </Container>
  );
}
