import { Box, Group, Image, Paper, Text, Title } from '@mantine/core';
import { DEFAULT_BRANDING, FOOTER_DEFAULTS } from '@scmp/api/contracts/branding-defaults';
import { HEX_COLOR, contrastRatio } from '@scmp/api/contracts/branding';
import { useState } from 'react';
import type { BrandingFormValues } from './form-values';

const colorOr = (value: string, fallback: string) =>
  HEX_COLOR.test(value.trim()) ? value : fallback;

function PreviewLink({ label, color, hover }: { label: string; color: string; hover: string }) {
  const [hovered, setHovered] = useState(false);
  return (
    <Text
      component="span"
      fw={500}
      size="sm"
      style={{ color: hovered ? hover : color, cursor: 'default' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {label}
    </Text>
  );
}

/** White or near-black text, whichever reads better on the background. */
function readableOn(background: string): string {
  const white = contrastRatio('#ffffff', background) ?? 21;
  const dark = contrastRatio('#111111', background) ?? 0;
  return white >= dark ? '#ffffff' : '#111111';
}

function PreviewButton({ label, background }: { label: string; background: string }) {
  return (
    <Box
      component="span"
      px="md"
      py={6}
      style={{
        background,
        color: readableOn(background),
        borderRadius: 6,
        fontSize: 14,
        fontWeight: 600,
      }}
      data-testid={`preview-button-${label.toLowerCase()}`}
    >
      {label}
    </Box>
  );
}

/** Live preview of the navigation bar, buttons and footer with the form's current values. */
export function BrandPreview({
  values,
  logoUrl,
}: {
  values: BrandingFormValues;
  logoUrl: string | null;
}) {
  const navBg = colorOr(values.nav_background_color, '#1f2937');
  const navText = colorOr(values.nav_text_color, '#ffffff');
  const navHover = colorOr(values.nav_text_hover_color, '#fbbf24');
  const primary = colorOr(values.primary_color, '#3B82F6');
  const secondary = colorOr(values.secondary_color, '#1F2937');
  const accent = colorOr(values.accent_color, '#F59E0B');
  const company = values.company_name.trim() || DEFAULT_BRANDING.company_name;
  const footerBg = colorOr(values.nav_background_color, FOOTER_DEFAULTS.background);
  const footerText = colorOr(values.nav_text_color, FOOTER_DEFAULTS.text);
  const footerAccent = colorOr(values.accent_color, FOOTER_DEFAULTS.accent);

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label="Live preview">
      <Group
        justify="space-between"
        px="md"
        py="sm"
        style={{ background: navBg }}
        data-testid="preview-nav"
      >
        <Group gap="xs">
          {logoUrl ? (
            <Image src={logoUrl} alt={`${company} logo`} h={28} w="auto" fit="contain" />
          ) : null}
          <Text fw={700} style={{ color: navText }}>
            {company}
          </Text>
        </Group>
        <Group gap="md">
          <PreviewLink label="Home" color={navText} hover={navHover} />
          <PreviewLink label="Programs" color={navText} hover={navHover} />
          <PreviewLink label="Contact" color={navText} hover={navHover} />
        </Group>
      </Group>
      <Box p="md" bg="var(--mantine-color-body)">
        <Title order={4} style={{ color: secondary }}>
          {values.tagline.trim() || DEFAULT_BRANDING.tagline}
        </Title>
        <Group gap="sm" mt="sm">
          <PreviewButton label="Primary" background={primary} />
          <PreviewButton label="Secondary" background={secondary} />
          <PreviewButton label="Accent" background={accent} />
        </Group>
      </Box>
      <Box px="md" py="sm" style={{ background: footerBg }} data-testid="preview-footer">
        <Text size="sm" style={{ color: footerText }}>
          {values.footer_text.trim() || DEFAULT_BRANDING.footer_text}
        </Text>
        <Text size="xs" style={{ color: footerAccent }}>
          Privacy · Terms · Contact
        </Text>
      </Box>
    </Paper>
  );
}
