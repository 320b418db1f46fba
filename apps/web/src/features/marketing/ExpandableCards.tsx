import {
  Box,
  Collapse,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ComponentType, type ReactNode } from 'react';

export type ExpandableItem = {
  id: string;
  title: string;
  summary: string;
  points: string[];
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
};

/**
 * A grid of cards that expand to show detail. One card is open at a time; clicking the open
 * card closes it.
 */
export function ExpandableCards({
  items,
  headingOrder = 3,
}: {
  items: ExpandableItem[];
  headingOrder?: 2 | 3 | 4;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const Heading = `h${headingOrder}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={{ alignItems: 'start' }}>
      {items.map((item) => {
        const open = openId === item.id;
        const panelId = `${baseId}-${item.id}`;
        const Icon = item.icon;
        return (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            shadow={open ? 'md' : 'xs'}
            data-testid={`card-${item.id}`}
            data-open={open || undefined}
            style={{ borderColor: open ? '#D1A103' : undefined, transition: 'box-shadow 150ms' }}
          >
            <Heading style={{ margin: 0 }}>
              <UnstyledButton
                w="100%"
                p="lg"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                style={{ borderRadius: 8 }}
              >
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={44} radius="md" color="#0B173D" variant="filled">
                    <Icon size={24} stroke={1.6} />
                  </ThemeIcon>
                  <Box style={{ flex: 1 }}>
                    <Text fw={700} fz="lg" component="span" display="block">
                      {item.title}
                    </Text>
                    <Text c="dimmed" fz="sm" component="span" display="block" mt={4}>
                      {item.summary}
                    </Text>
                  </Box>
                  <IconChevronDown
                    size={20}
                    aria-hidden
                    style={{
                      transform: open ? 'rotate(180deg)' : 'none',
                      transition: 'transform 150ms',
                      flexShrink: 0,
                      marginTop: 4,
                    }}
                  />
                </Group>
              </UnstyledButton>
            </Heading>
            <Collapse expanded={open} id={panelId}>
              <List px="lg" pb="lg" spacing={6} size="sm" role="list">
                {item.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            </Collapse>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** A page section: its heading (`headingId` names the section), an introduction, then the cards. */
export function ExpandableCardsSection({
  headingId,
  title,
  intro,
  introWidth,
  items,
}: {
  headingId: string;
  title: string;
  intro: ReactNode;
  /** The introduction's maximum width, when it is long. */
  introWidth?: number;
  items: ExpandableItem[];
}) {
  return (
    <Container size="lg" py={64} component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} fz={30}>
        {title}
      </Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={introWidth}>
        {intro}
      </Text>
      <ExpandableCards items={items} />
    </Container>
  );
}
