import {
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  type MantineFontSize,
  type PaperProps,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

export type InfoTileItem = { title: string; text: string; icon?: Icon };

/**
 * A bordered tile of the public pages: a heading and a short dimmed text (a feature, a security
 * point, a guide), with the feature's icon above when it has one, and whatever follows.
 */
export function InfoTile({
  title,
  text,
  icon: TileIcon,
  titleSize = 'md',
  textSize = 'sm',
  children,
  style,
  testId,
  ...paper
}: InfoTileItem &
  Omit<PaperProps, 'style'> & {
    titleSize?: MantineFontSize;
    textSize?: MantineFontSize;
    style?: CSSProperties;
    testId?: string;
    children?: ReactNode;
  }) {
  return (
    <Paper withBorder radius="md" p="lg" style={style} data-testid={testId} {...paper}>
      {TileIcon ? (
        <ThemeIcon size={44} radius="md" color="#0B173D">
          <TileIcon size={24} stroke={1.6} aria-hidden />
        </ThemeIcon>
      ) : null}
      <Title order={3} fz={titleSize} mt={TileIcon ? 'md' : undefined}>
        {title}
      </Title>
      <Text c="dimmed" fz={textSize} mt={6}>
        {text}
      </Text>
      {children}
    </Paper>
  );
}

/** Tiles in one to three columns. */
export function InfoTileGrid({
  items,
  titleSize,
  textSize,
}: {
  items: InfoTileItem[];
  titleSize?: MantineFontSize;
  textSize?: MantineFontSize;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {items.map((item) => (
        <InfoTile key={item.title} {...item} titleSize={titleSize} textSize={textSize} />
      ))}
    </SimpleGrid>
  );
}
