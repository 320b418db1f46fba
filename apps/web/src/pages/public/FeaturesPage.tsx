import { Box, Button, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconPlayerPlay, IconPlugConnected } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ExpandableCardsSection,
  PageHeader,
  WatchDemoButton,
  FEATURE_CATEGORIES,
  INTEGRATION_CATEGORIES,
  SECURITY_POINTS,
  MarketingPage,
  InfoTileGrid,
  type InfoTileItem,
} from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

/** A section's heading with its icon, its introduction, then its tiles. */
function TileSectionBody({
  icon,
  headingId,
  title,
  intro,
  items,
}: {
  icon: ReactNode;
  headingId: string;
  title: string;
  intro: string;
  items: InfoTileItem[];
}) {
  return (
    <>
      <Group gap="sm" mb="xs">
        {icon}
        <Title order={2} id={headingId} fz={30}>
          {title}
        </Title>
      </Group>
      <Text c="dimmed" mb="xl" maw={720}>
        {intro}
      </Text>
      <InfoTileGrid items={items} />
    </>
  );
}

export default function FeaturesPage() {
  usePageMeta(
    'Features',
    'Attendance, staff and payroll, billing, communications, analytics and compliance for UK schools, nurseries and camps, with security and integrations built in.',
  );
  return (
    <MarketingPage>
      <PageHeader
        eyebrow="Features"
        title="Everything you need to run a school, nursery or camp"
        subtitle="Six connected areas that share one set of records, so you enter a family once and use it everywhere: registers, invoices, messages and reports."
      >
        <Group mt="xl">
          <WatchDemoButton
            icon={<IconPlayerPlay size={18} aria-hidden />}
            title="Watch Demo"
            description="Our five-minute product film follows a school business manager through a typical morning: registers, a late payment, a parent message and a risk assessment."
          />
          <Button component={Link} to="/pricing" size="lg" variant="outline" color="gray.0">
            See pricing
          </Button>
        </Group>
      </PageHeader>

      <ExpandableCardsSection
        headingId="categories-heading"
        title="Feature categories"
        intro="Open a category to see what it includes."
        items={FEATURE_CATEGORIES}
      />

      <Box component="section" aria-labelledby="security-heading" py={64} bg="gray.0">
        <Container size="lg">
          <TileSectionBody
            icon={
              <ThemeIcon size={36} radius="md" color="#0B173D">
                <IconLock size={20} aria-hidden />
              </ThemeIcon>
            }
            headingId="security-heading"
            title="Security you can explain to governors"
            intro="You hold information about children and families. We treat it accordingly, with the controls your data protection officer will ask about."
            items={SECURITY_POINTS}
          />
        </Container>
      </Box>

      <Container size="lg" py={64} component="section" aria-labelledby="integrations-heading">
        <TileSectionBody
          icon={
            <ThemeIcon size={36} radius="md" color="#D1A103">
              <IconPlugConnected size={20} color="#0B173D" aria-hidden />
            </ThemeIcon>
          }
          headingId="integrations-heading"
          title="Integrations"
          intro="SCMP works alongside the tools your finance team and staff already rely on."
          items={INTEGRATION_CATEGORIES}
        />
        <Group justify="center" mt={48}>
          <Button component={Link} to="/signup" size="lg" color="#0B173D">
            Get started
          </Button>
          <Button component={Link} to="/contact" size="lg" variant="default">
            Ask a question
          </Button>
        </Group>
      </Container>
    </MarketingPage>
  );
}
