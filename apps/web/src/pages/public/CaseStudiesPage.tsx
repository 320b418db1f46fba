import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT } from '@scmp/api/contracts/product';
import { MarketingPage } from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const storyHref = `mailto:${PRODUCT.salesEmail}?subject=${encodeURIComponent('Case study: our experience with SCMP')}`;
const notifyHref = `mailto:${PRODUCT.generalEmail}?subject=${encodeURIComponent('Please tell me when case studies are published')}`;

export default function CaseStudiesPage() {
  usePageMeta(
    'Case Studies',
    'Case studies from schools, nurseries and camps using SCMP are launching in Q1 2025. Ask to be notified, or share your own story.',
  );
  return (
    <MarketingPage
      header={{
        eyebrow: 'Case studies',
        title: 'Case Studies',
        subtitle: 'Real stories from schools, nurseries and camps, launching Q1 2025.',
      }}
    >
      <Container size="md" py={64}>
        <Stack gap="xl">
          <Paper withBorder radius="md" p="xl">
            <Title order={2} fz={26}>
              Coming soon
            </Title>
            <Text mt="sm">
              We are writing up how settings of different sizes use SCMP day to day: what they
              replaced, how long the switch took and what changed for their office staff and
              families. The first case studies are launching Q1 2025.
            </Text>
            <Text mt="sm">They will cover:</Text>
            <List mt="xs" spacing={4}>
              <List.Item>
                a single-form-entry primary school moving off paper registers and spreadsheets
              </List.Item>
              <List.Item>
                a day nursery group collecting funded-hours fees by direct debit
              </List.Item>
              <List.Item>
                a holiday camp operator running bookings and ratios across several sites
              </List.Item>
            </List>
            <Group mt="lg">
              <Button component="a" href={notifyHref} color="#0B173D">
                Notify me when they are published
              </Button>
            </Group>
          </Paper>
          <Paper withBorder radius="md" p="xl">
            <Title order={2} fz={26}>
              Already using SCMP?
            </Title>
            <Text mt="sm">
              We would love to feature your setting. Write to{' '}
              <Anchor underline="always" href={storyHref}>
                {PRODUCT.salesEmail}
              </Anchor>{' '}
              and tell us a little about what you use the platform for. We always agree the wording
              with you before anything is published.
            </Text>
            <Text mt="sm">
              In the meantime, if you would like to speak to an existing customer before you decide,
              e-mail{' '}
              <Anchor underline="always" href={`mailto:${PRODUCT.generalEmail}`}>
                {PRODUCT.generalEmail}
              </Anchor>{' '}
              and we will arrange a reference call.
            </Text>
          </Paper>
        </Stack>
      </Container>
    </MarketingPage>
  );
}
