import { Anchor, Box, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MarketingPage } from './MarketingPage';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A legal page: numbered sections with a table of contents. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  children?: ReactNode;
}) {
  return (
    <MarketingPage header={{ title, subtitle: `Last updated: ${updated}` }}>
      <Container size="md" py={56}>
        <Stack gap="xl">
          <Box fz="md">{intro}</Box>
          {children}
          <Paper withBorder radius="md" p="lg" component="nav" aria-label="Contents">
            <Text fw={700} mb="xs">
              Contents
            </Text>
            <List type="ordered" spacing={4}>
              {sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor underline="always" href={`#${section.id}`}>
                    {section.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
          {sections.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              data-testid="legal-section"
              style={{ scrollMarginTop: 80 }}
            >
              <Title order={2} fz={22} id={`${section.id}-heading`} mb="sm">
                {index + 1}. {section.title}
              </Title>
              <Stack gap="sm" className="legal-body">
                {section.body}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </MarketingPage>
  );
}
