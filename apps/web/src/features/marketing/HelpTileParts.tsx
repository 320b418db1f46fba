import { Badge, Group, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Difficulty } from './help-search';

const LEVEL_COLOR = { Beginner: 'teal', Intermediate: 'blue', Advanced: 'grape' } as const;

/** A guide's or video's level ("Beginner", …) in its colour. */
export function LevelBadge({ difficulty }: { difficulty: Difficulty }) {
  return (
    <Badge color={LEVEL_COLOR[difficulty]} variant="light">
      {difficulty}
    </Badge>
  );
}

/** The first `max` topics of a guide or video, as outlined badges. */
export function TopicBadges({
  topics,
  max,
  testId,
  mt,
}: {
  topics: string[];
  max: number;
  testId: string;
  mt?: MantineSpacing;
}) {
  return (
    <Group gap={6} mt={mt} data-testid={testId}>
      {topics.slice(0, max).map((topic) => (
        <Badge key={topic} variant="outline" color="gray.7" size="sm" tt="none">
          {topic}
        </Badge>
      ))}
    </Group>
  );
}

/** A small fact with its icon, e.g. the clock and "5 min read". */
export function IconFact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4}>
      {icon}
      <Text fz="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
