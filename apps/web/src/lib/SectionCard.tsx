import { Card, Group, Stack, Title, type MantineSpacing, type TitleProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A bordered card with its heading (h2) above its content, e.g. "Billing History". With
 * `titleId` the card is a section named by its heading; `action` stands right of the heading (e.g.
 * "View all"). `outside` is drawn in the card after the content's stack (a dialog the card opens).
 */
export function SectionCard({
  title,
  titleId,
  titleSize = 'h3',
  titleColor,
  id,
  mt,
  style,
  action,
  children,
  outside,
}: {
  title: ReactNode;
  titleId?: string;
  titleSize?: TitleProps['size'];
  titleColor?: string;
  /** The card's own id, e.g. a link target. */
  id?: string;
  mt?: MantineSpacing;
  style?: CSSProperties;
  action?: ReactNode;
  children: ReactNode;
  outside?: ReactNode;
}) {
  const section = titleId ? { component: 'section' as const, 'aria-labelledby': titleId } : {};
  const heading = (
    <Title order={2} size={titleSize} id={titleId} c={titleColor}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" p="lg" mt={mt} id={id} style={style} {...section}>
      <Stack>
        {action ? (
          <Group justify="space-between">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
      {outside}
    </Card>
  );
}
