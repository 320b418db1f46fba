import {
  Anchor,
  Box,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { PRODUCT } from '@scmp/api/contracts/product';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  GUIDES,
  HELP_CATEGORIES,
  searchItems,
  PageHeader,
  MarketingPage,
  IconFact,
  InfoTile,
  LevelBadge,
  TopicBadges,
} from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';
import { HelpSearchInput, NoResults } from './HelpSearch';

export default function UserGuidesPage() {
  usePageMeta(
    'User Guides',
    'Step-by-step SCMP guides for getting started, administration, academic management and compliance in schools, nurseries and camps.',
  );
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchItems(GUIDES, query), [query]);
  const groups = HELP_CATEGORIES.map((category) => ({
    category,
    guides: results.filter((guide) => guide.category === category.id),
  })).filter((group) => group.guides.length > 0);

  return (
    <MarketingPage>
      <PageHeader
        eyebrow="Help centre"
        title="User Guides"
        subtitle="Clear, step-by-step guides for administrators, teachers and office staff, from your first login to your next inspection."
      >
        <HelpSearchInput
          mt="xl"
          maw={560}
          size="lg"
          label="Search guides"
          placeholder="Search guides, e.g. registers, branding, risk"
          iconSize={18}
          value={query}
          onSearch={setQuery}
        />
      </PageHeader>
      <Container size="lg" py={56}>
        <Text c="dimmed" mb="lg" aria-live="polite" data-testid="guide-count">
          {query.trim()
            ? `${results.length} ${results.length === 1 ? 'guide' : 'guides'} found for “${query.trim()}”`
            : `${GUIDES.length} guides in ${HELP_CATEGORIES.length} categories`}
        </Text>
        {groups.length === 0 ? (
          <NoResults title="No guides match your search" order={2} testId="guides-empty">
            Try a different word, such as “attendance” or “billing”, or{' '}
            <Anchor underline="always" href={`mailto:${PRODUCT.supportEmail}`}>
              ask our support team
            </Anchor>
            .
          </NoResults>
        ) : (
          <Stack gap={48}>
            {groups.map(({ category, guides }) => (
              <Box
                component="section"
                key={category.id}
                id={category.id}
                aria-labelledby={`${category.id}-heading`}
                data-testid={`guide-category-${category.id}`}
              >
                <Group gap="sm" align="center">
                  <Box w={6} h={32} style={{ background: category.color, borderRadius: 3 }} />
                  <Title order={2} fz={24} id={`${category.id}-heading`}>
                    {category.title}
                  </Title>
                </Group>
                <Text c="dimmed" mt={4} mb="lg">
                  {category.description}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                  {guides.map((guide) => (
                    <InfoTile
                      key={guide.id}
                      title={guide.title}
                      text={guide.description}
                      testId="guide-tile"
                      style={{ borderTop: `4px solid ${category.color}` }}
                    >
                      <Group gap="xs" mt="md">
                        <LevelBadge difficulty={guide.difficulty} />
                        <IconFact icon={<IconClock size={14} aria-hidden />}>
                          {guide.duration}
                        </IconFact>
                      </Group>
                      <TopicBadges topics={guide.topics} max={3} testId="guide-topics" mt="sm" />
                    </InfoTile>
                  ))}
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        )}
        <Paper mt={56} radius="md" p="xl" bg="gray.0">
          <Title order={2} fz="lg">
            Prefer to watch?
          </Title>
          <Text c="dimmed" mt={4}>
            Our{' '}
            <Anchor underline="always" component={Link} to="/training-videos">
              training videos
            </Anchor>{' '}
            cover the same topics in short, practical walkthroughs.
          </Text>
        </Paper>
      </Container>
    </MarketingPage>
  );
}
