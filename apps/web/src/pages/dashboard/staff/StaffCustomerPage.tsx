import { Alert, Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CustomerView, StaffOnly } from '../../../features/staff';
import { usePageMeta } from '../../../lib/page-meta';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../../lib/trpc';

function StaffCustomer({ uuid }: { uuid: string }) {
  const trpc = useTRPC();
  // Every fetch is written to the customer's activity log: fetch once per visit.
  const customer = useQuery({
    ...trpc.staff.customer.queryOptions({ uuid }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const data = customer.data?.data;
  usePageMeta(data ? `${data.name} (customer)` : 'Customer');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/dashboard/staff?tab=customers" size="sm">
          Back to customers
        </Anchor>
        {customer.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the customer">
            <Skeleton h={36} w={280} />
            <Skeleton h={120} />
            <Skeleton h={160} />
          </Stack>
        ) : customer.isError ? (
          <Alert color="red" role="alert">
            {errorEnvelopeOf(customer.error)?.code === 'NOT_FOUND'
              ? 'No customer has this address.'
              : errorMessage(customer.error, 'We could not load this customer.')}
          </Alert>
        ) : data ? (
          <>
            <div>
              <Title order={1}>{data.name}</Title>
              <Text c="gray.7">{data.email}</Text>
            </div>
            <CustomerView customer={data} />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}

/** /dashboard/staff/customers/:uuid — staff only, read-only. */
export default function StaffCustomerPage() {
  const { uuid = '' } = useParams();
  return (
    <StaffOnly>
      <StaffCustomer key={uuid} uuid={uuid} />
    </StaffOnly>
  );
}
