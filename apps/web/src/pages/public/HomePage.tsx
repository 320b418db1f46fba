import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { SETUP_FEE_PENCE, formatGbp } from '@scmp/api/contracts/plans';
import { PRODUCT } from '@scmp/api/contracts/product';
import { Link } from 'react-router';
import {
  FEATURE_ICONS,
  InfoTileGrid,
  PlanSummaries,
  SavingsCalculator,
  MarketingPage,
} from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const FEATURES = [
  {
    icon: FEATURE_ICONS.attendance,
    title: 'Attendance',
    text: 'Registers for classes, clubs and camp sessions, with automatic absence follow-up.',
  },
  {
    icon: FEATURE_ICONS.staff,
    title: 'Staff and payroll',
    text: 'Rotas, ratios, timesheets and DBS dates, with payroll-ready exports.',
  },
  {
    icon: FEATURE_ICONS.billing,
    title: 'Billing',
    text: 'Invoices for fees, clubs, trips and camp places, paid online by card or direct debit.',
  },
  {
    icon: FEATURE_ICONS.communications,
    title: 'Communications',
    text: 'Messages, newsletters and consent forms for parents, staff and students.',
  },
  {
    icon: FEATURE_ICONS.analytics,
    title: 'Analytics',
    text: '50+ reports and dashboards for leaders, governors, trustees and finance.',
  },
  {
    icon: FEATURE_ICONS.compliance,
    title: 'Compliance and health and safety',
    text: 'Risk assessments, incidents and audit trails across 15+ compliance areas.',
  },
];

const demoHref = `mailto:${PRODUCT.salesEmail}?subject=${encodeURIComponent('Book a demo of SCMP')}`;

/** Sign up, book a demo, or talk to sales: the hero's buttons and the closing band's. */
function CallsToAction({ signup, contact }: { signup: string; contact: string }) {
  return (
    <>
      <Button component={Link} to="/signup" size="lg" color="#D1A103" c="#0B173D">
        {signup}
      </Button>
      <Button component="a" href={demoHref} size="lg" variant="white" c="#0B173D">
        Book Demo
      </Button>
      <Button component={Link} to="/contact" size="lg" variant="outline" color="gray.0">
        {contact}
      </Button>
    </>
  );
}

export default function HomePage() {
  usePageMeta(
    PRODUCT.name,
    'One platform for UK schools, nurseries and camps: attendance, staff, billing, parent communications, analytics and health and safety compliance, under your own brand.',
  );
  return (
    <MarketingPage>
      <Box
        component="section"
        aria-labelledby="hero-heading"
        py={{ base: 56, sm: 96 }}
        style={{ background: 'linear-gradient(135deg, #0B173D 0%, #1a2b66 100%)', color: '#fff' }}
      >
        <Container size="lg">
          <Text tt="uppercase" fw={700} fz="sm" c="#f5d35c" style={{ letterSpacing: 1 }}>
            For schools, nurseries and camps
          </Text>
          <Title
            id="hero-heading"
            order={1}
            c="white"
            fz={{ base: 34, sm: 52 }}
            lh={1.1}
            mt="sm"
            maw={820}
          >
            Run your whole setting from one place, under your own name
          </Title>
          <Text fz={{ base: 'lg', sm: 20 }} c="#dfe4f2" mt="lg" maw={700}>
            Attendance, staff, billing, parent communications and compliance in a single platform,
            branded with your logo and colours. Built for the people who keep schools, nurseries and
            holiday camps running.
          </Text>
          <Group mt={36} gap="md">
            <CallsToAction signup="Start your setup" contact="Talk to us" />
          </Group>
          <Group mt={40} gap={40}>
            {[
              ['99.9%', 'uptime'],
              ['15+', 'compliance areas'],
              ['50+', 'ready-made reports'],
              ['1000+', 'risk assessment templates'],
            ].map(([figure, label]) => (
              <div key={label}>
                <Text fz={28} fw={800} c="#f5d35c" lh={1}>
                  {figure}
                </Text>
                <Text fz="sm" c="#dfe4f2">
                  {label}
                </Text>
              </div>
            ))}
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={72} component="section" aria-labelledby="features-heading">
        <Title order={2} id="features-heading" fz={32} ta="center">
          Everything your office, staff and families need
        </Title>
        <Text c="dimmed" ta="center" mt="sm" mb={40} maw={680} mx="auto">
          Replace the spreadsheets, paper forms and separate subscriptions with one system that
          administrators, teachers, staff, parents and students all use.
        </Text>
        <InfoTileGrid items={FEATURES} titleSize="lg" textSize="md" />
        <Group justify="center" mt="xl">
          <Anchor underline="always" component={Link} to="/features" fw={600}>
            Explore all features
          </Anchor>
        </Group>
      </Container>

      <Box component="section" aria-labelledby="pricing-heading" py={72} bg="gray.0">
        <Container size="lg">
          <Title order={2} id="pricing-heading" fz={32} ta="center">
            Simple pricing, no surprises
          </Title>
          <Text c="dimmed" ta="center" mt="sm" mb={40}>
            A one-time setup fee of {formatGbp(SETUP_FEE_PENCE)}, then one monthly price. Cancel
            with 30 days’ notice.
          </Text>
          <PlanSummaries />
          <Group justify="center" mt="xl">
            <Button component={Link} to="/pricing" variant="outline" color="#0B173D">
              Compare plans
            </Button>
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <SavingsCalculator />
      </Container>

      <Box component="section" aria-labelledby="cta-heading" py={72} bg="#0B173D">
        <Container size="md">
          <Stack align="center" gap="md">
            <Title order={2} id="cta-heading" c="white" ta="center" fz={32}>
              Ready to see it with your own data?
            </Title>
            <Text c="#dfe4f2" ta="center" maw={600}>
              Create your account in minutes, or book a 30-minute demo and we will show you how SCMP
              fits the way your setting already works.
            </Text>
            <Group justify="center" mt="sm">
              <CallsToAction signup="Create your account" contact="Contact sales" />
            </Group>
          </Stack>
        </Container>
      </Box>
    </MarketingPage>
  );
}
