import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconClock,
  IconEye,
  IconHeart,
  IconHeartFilled,
  IconStarFilled,
} from '@tabler/icons-react';
import { PRODUCT } from '@scmp/api/contracts/product';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  DIFFICULTY_LEVELS,
  HELP_CATEGORIES,
  filterByLevel,
  type Difficulty,
  VIDEOS,
  type Video,
  MarketingPage,
  IconFact,
  LevelBadge,
  TopicBadges,
} from '../../features/marketing';
import { usePageMeta } from '../../lib/page-meta';
import { HelpSearchInput, NoResults } from './HelpSearch';

/** Favourites live for the browser session only (spec part 1 §2). */
const FAVOURITES_KEY = 'scmp_video_favourites';

function readFavourites(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const categoryTitle = (id: Video['category']) =>
  HELP_CATEGORIES.find((c) => c.id === id)?.title ?? id;

function VideoTile({
  video,
  favourite,
  onToggle,
}: {
  video: Video;
  favourite: boolean;
  onToggle: () => void;
}) {
  return (
    <Paper withBorder radius="md" data-testid="video-tile" style={{ overflow: 'hidden' }}>
      <Box
        role="img"
        aria-label={`Thumbnail for ${video.title}`}
        style={{
          aspectRatio: '16 / 9',
          background: `linear-gradient(135deg, ${video.thumbnail.from}, ${video.thumbnail.to})`,
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Text fz={40} fw={800} c="white" style={{ opacity: 0.9, letterSpacing: 2 }} aria-hidden>
          {video.thumbnail.initials}
        </Text>
        <Group gap={6} style={{ position: 'absolute', top: 10, left: 10 }}>
          {video.isFeatured && (
            <Badge color="#D1A103" c="#0B173D" data-testid="featured-badge">
              Featured
            </Badge>
          )}
          {video.isNew && (
            <Badge color="red.9" data-testid="new-badge">
              New
            </Badge>
          )}
        </Group>
        <Badge
          color="dark"
          variant="filled"
          style={{ position: 'absolute', bottom: 10, right: 10 }}
          leftSection={<IconClock size={12} aria-hidden />}
        >
          {video.duration}
        </Badge>
      </Box>
      <Stack p="md" gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md">
            {video.title}
          </Title>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-pressed={favourite}
            aria-label={
              favourite
                ? `Remove ${video.title} from favourites`
                : `Add ${video.title} to favourites`
            }
            onClick={onToggle}
          >
            {favourite ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
          </ActionIcon>
        </Group>
        <Text c="dimmed" fz="sm">
          {video.description}
        </Text>
        <Group gap="sm">
          <LevelBadge difficulty={video.difficulty} />
          <Text fz="xs" c="dimmed">
            {categoryTitle(video.category)}
          </Text>
        </Group>
        <Group gap="md">
          <IconFact icon={<IconEye size={14} aria-hidden />}>
            {video.views.toLocaleString('en-GB')} views
          </IconFact>
          <IconFact icon={<IconStarFilled size={14} color="#D1A103" aria-hidden />}>
            {video.rating.toFixed(1)} out of 5
          </IconFact>
        </Group>
        <TopicBadges topics={video.topics} max={2} testId="video-topics" />
      </Stack>
    </Paper>
  );
}

/** Videos as tiles, three to a row on a wide screen, each with its favourite toggle. */
function VideoGrid({
  videos,
  favourites,
  onToggle,
  testId,
}: {
  videos: Video[];
  favourites: string[];
  onToggle: (id: string) => void;
  testId?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid={testId}>
      {videos.map((video) => (
        <VideoTile
          key={video.id}
          video={video}
          favourite={favourites.includes(video.id)}
          onToggle={() => onToggle(video.id)}
        />
      ))}
    </SimpleGrid>
  );
}

export default function TrainingVideosPage() {
  usePageMeta(
    'Training Videos',
    'Short SCMP training videos for beginners to advanced users: setup, administration, registers, assessment and health and safety compliance.',
  );
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState<Difficulty | 'all'>('all');
  const [favourites, setFavourites] = useState<string[]>(readFavourites);
  const [onlyFavourites, setOnlyFavourites] = useState(false);

  useEffect(() => {
    window.sessionStorage.setItem(FAVOURITES_KEY, JSON.stringify(favourites));
  }, [favourites]);

  const results = useMemo(() => {
    const matched = filterByLevel(VIDEOS, query, level);
    return onlyFavourites ? matched.filter((v) => favourites.includes(v.id)) : matched;
  }, [query, level, onlyFavourites, favourites]);
  const featured = VIDEOS.filter((v) => v.isFeatured);
  const filtering = query.trim() !== '' || level !== 'all' || onlyFavourites;

  const toggle = (id: string) =>
    setFavourites((current) =>
      current.includes(id) ? current.filter((v) => v !== id) : [...current, id],
    );

  return (
    <MarketingPage
      header={{
        eyebrow: 'Help centre',
        title: 'Training Videos',
        subtitle:
          'Practical walkthroughs you can watch between lessons. Mark favourites to find them again during this visit.',
      }}
    >
      <Container size="lg" py={48}>
        {!filtering && (
          <Box component="section" aria-labelledby="featured-heading" mb={48}>
            <Title order={2} fz={24} id="featured-heading" mb="md">
              Featured
            </Title>
            <VideoGrid videos={featured} favourites={favourites} onToggle={toggle} />
          </Box>
        )}
        <Box component="section" aria-labelledby="library-heading">
          <Title order={2} fz={24} id="library-heading" mb="md">
            All videos
          </Title>
          <Group align="flex-end" gap="md" mb="lg" wrap="wrap">
            <HelpSearchInput
              label="Search videos"
              placeholder="Search videos, e.g. attendance, invoices"
              iconSize={16}
              value={query}
              onSearch={setQuery}
              style={{ flex: '1 1 260px' }}
            />
            <SegmentedControl
              aria-label="Level"
              value={level}
              onChange={(value) => setLevel(value as Difficulty | 'all')}
              data={[
                { value: 'all', label: 'All levels' },
                ...DIFFICULTY_LEVELS.map((l) => ({ value: l, label: l })),
              ]}
            />
            <SegmentedControl
              aria-label="Show"
              value={onlyFavourites ? 'favourites' : 'all'}
              onChange={(value) => setOnlyFavourites(value === 'favourites')}
              data={[
                { value: 'all', label: 'All' },
                { value: 'favourites', label: `Favourites (${favourites.length})` },
              ]}
            />
          </Group>
          <Text c="dimmed" mb="md" aria-live="polite" data-testid="video-count">
            {results.length} {results.length === 1 ? 'video' : 'videos'}
          </Text>
          {results.length === 0 ? (
            <NoResults title="No videos match your search" order={3} testId="videos-empty">
              {onlyFavourites && favourites.length === 0
                ? 'You have not added any favourites in this session yet.'
                : 'Try another word or level, or browse our '}
              {!(onlyFavourites && favourites.length === 0) && (
                <>
                  <Anchor underline="always" component={Link} to="/user-guides">
                    user guides
                  </Anchor>
                  .
                </>
              )}
            </NoResults>
          ) : (
            <VideoGrid
              videos={results}
              favourites={favourites}
              onToggle={toggle}
              testId="video-results"
            />
          )}
        </Box>
        <Text c="dimmed" fz="sm" mt={48} ta="center">
          Can’t find what you need? E-mail{' '}
          <Anchor underline="always" href={`mailto:${PRODUCT.supportEmail}`}>
            {PRODUCT.supportEmail}
          </Anchor>{' '}
          and we will point you to the right video or guide.
        </Text>
      </Container>
    </MarketingPage>
  );
}
