import { Box, Button, Container, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClipboardCheck,
  IconFirstAidKit,
  IconFlame,
  IconReportAnalytics,
  IconSchool,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ExpandableCardsSection,
  type ExpandableItem,
  PageHeader,
  WatchDemoButton,
  MarketingPage,
} from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';

const STATS = [
  { figure: '99.9%', label: 'uptime' },
  { figure: '10 years', label: 'audit retention' },
  { figure: '15+', label: 'compliance areas' },
  { figure: '50+', label: 'reports' },
  { figure: '1000+', label: 'risk assessments' },
];

const AREAS: ExpandableItem[] = [
  {
    id: 'risk-assessments',
    title: 'Risk assessments',
    summary: 'Start from 1000+ templates for premises, trips, activities and camps.',
    icon: IconClipboardCheck,
    points: [
      'Templates for classrooms, playgrounds, swimming, residential trips and camp activities',
      'Hazards, who might be harmed and control measures in a consistent format',
      'Approval by the head, business manager or camp director before the activity',
      'Review dates with reminders, so no assessment quietly goes out of date',
    ],
  },
  {
    id: 'incidents',
    title: 'Accidents and incidents',
    summary: 'Log accidents, incidents and near misses the moment they happen.',
    icon: IconAlertTriangle,
    points: [
      'Quick recording on a phone or tablet, including body maps and witness notes',
      'Parents informed the same day, with a record of when they were told',
      'Flags for incidents that may need reporting under RIDDOR',
      'Follow-up actions assigned to named staff and tracked to completion',
    ],
  },
  {
    id: 'first-aid-medical',
    title: 'First aid and medical needs',
    summary: 'Allergies, medication and care plans visible to the staff who need them.',
    icon: IconFirstAidKit,
    points: [
      'Medical conditions, allergies and dietary needs on every register',
      'Medication administration records with dose, time and staff member',
      'First aid certificates tracked, with renewal reminders',
      'Individual healthcare plans stored securely against each child',
    ],
  },
  {
    id: 'fire-premises',
    title: 'Fire safety and premises',
    summary: 'Drills, checks and inspections on a schedule you can evidence.',
    icon: IconFlame,
    points: [
      'Fire drill logs with evacuation times and lessons learned',
      'Weekly alarm tests, emergency lighting and equipment checks',
      'Contractor visits and certificates (gas, electrical, legionella) in one register',
      'Roll-call lists generated from live attendance during an evacuation',
    ],
  },
  {
    id: 'training',
    title: 'Staff training and suitability',
    summary: 'Know who is trained, checked and cleared to work with children.',
    icon: IconSchool,
    points: [
      'Safeguarding, first aid and fire marshal training records',
      'DBS check dates and references for permanent and seasonal staff',
      'Policy read-and-sign confirmations for each member of staff',
      'Gaps highlighted before a session starts, not after',
    ],
  },
  {
    id: 'audits-reporting',
    title: 'Audits and reporting',
    summary: '50+ reports and a 10-year audit trail ready for inspectors and insurers.',
    icon: IconReportAnalytics,
    points: [
      'Every change recorded with who made it and when, retained for 10 years',
      'Compliance dashboards across 15+ areas for each venue',
      'Termly summaries for governors, trustees and directors',
      'Evidence packs exported to PDF in minutes when an inspection is announced',
    ],
  },
];

export default function HealthSafetyPage() {
  usePageMeta(
    'Health & Safety Compliance',
    'Risk assessments, incidents, first aid, fire safety, training and audits for UK schools, nurseries and camps: 15+ compliance areas, 1000+ templates and a 10-year audit trail.',
  );
  return (
    <MarketingPage>
      <PageHeader
        eyebrow="Health and safety"
        title="Health and Safety Compliance"
        subtitle="Keep children and staff safe, and prove it. Risk assessments, incidents, training and inspections in one auditable record."
      >
        <Group mt="xl">
          <WatchDemoButton
            title="Health and safety demo"
            description="See a trip risk assessment written from a template, an incident logged at lunchtime and an inspection evidence pack produced in minutes."
          />
          <Button component={Link} to="/contact" size="lg" variant="outline" color="gray.0">
            Talk to a specialist
          </Button>
        </Group>
      </PageHeader>

      <Box component="section" aria-label="Key figures" py="xl" bg="gray.0">
        <Container size="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
            {STATS.map((stat) => (
              <div key={stat.label} style={{ textAlign: 'center' }}>
                <Text fz={30} fw={800} c="#0B173D">
                  {stat.figure}
                </Text>
                <Text c="dimmed" fz="sm">
                  {stat.label}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <ExpandableCardsSection
        headingId="areas-heading"
        title="Compliance areas"
        intro="Whether you answer to Ofsted, the Independent Schools Inspectorate or your insurer, the records you need are kept in the same place as your registers and staff files."
        introWidth={720}
        items={AREAS}
      />

      <Container size="lg" pb={72}>
        <Paper
          withBorder
          radius="lg"
          p="xl"
          style={{ background: '#fff8df', borderColor: '#e5b517' }}
        >
          <Title order={2} fz={24}>
            Built for the person who signs off the risk
          </Title>
          <Text mt="sm" maw={760}>
            Head teachers, school business managers, nursery managers and camp directors carry the
            responsibility. SCMP gives you a clear view of what is due, what is overdue and who is
            responsible, across every venue you run.
          </Text>
          <Group mt="lg">
            <Button component={Link} to="/pricing" color="#0B173D">
              See pricing
            </Button>
            <Button component={Link} to="/features" variant="default">
              All features
            </Button>
          </Group>
        </Paper>
      </Container>
    </MarketingPage>
  );
}
