import { Anchor, Box, Divider, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FOOTER_DEFAULTS } from '@scmp/api/contracts/branding-defaults';
import { PRODUCT } from '@scmp/api/contracts/product';
import { brandColor } from '@scmp/ui';
import { useTenant } from '../tenant';
import classes from './SiteFooter.module.css';

type FooterLink = { label: string; to: string; external?: boolean };

const NAVIGATION: FooterLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Case Studies', to: '/case-studies' },
  { label: 'Login', to: '/login' },
  { label: 'Sign Up', to: '/signup' },
];

const HELP: FooterLink[] = [
  { label: 'Support Center', to: '/dashboard/support' },
  { label: 'User Guides', to: '/user-guides' },
  { label: 'Training Videos', to: '/training-videos' },
  // Served by the server (the OpenAPI docs page), not by the SPA.
  { label: 'API Reference', to: '/api/docs', external: true },
  { label: 'FAQ', to: '/pricing#faqs' },
];

const LEGAL: FooterLink[] = [
  { label: 'Terms & Conditions', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Cookie Policy', to: '/cookies' },
];

/** The company's pages elsewhere, as icons under the brand. */
const SOCIAL = [
  { label: 'Facebook', href: PRODUCT.facebookUrl, Icon: IconBrandFacebook },
  { label: 'LinkedIn', href: PRODUCT.linkedinUrl, Icon: IconBrandLinkedin },
];

/** The contact column's addresses. */
const EMAILS = [
  ['General', PRODUCT.generalEmail],
  ['Support', PRODUCT.supportEmail],
  ['Sales', PRODUCT.salesEmail],
] as const;

function FooterAnchor({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <Anchor href={link.to} className={classes.link}>
        {link.label}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={link.to} className={classes.link}>
      {link.label}
    </Anchor>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text component="h2" fw={700} size="sm" tt="uppercase" className={classes.heading} m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The footer of every page, white-labelled from branding (spec part 2 §2 Footer). */
export function SiteFooter() {
  const { branding, mainSiteUrl, isTenantMode } = useTenant();
  const background = brandColor(branding.nav_background_color, FOOTER_DEFAULTS.background);
  const text = brandColor(branding.nav_text_color, FOOTER_DEFAULTS.text);
  const accent = brandColor(branding.accent_color, FOOTER_DEFAULTS.accent);
  const hover = brandColor(branding.nav_text_hover_color, accent);
  const primary = brandColor(branding.primary_color, accent);
  const secondary = brandColor(branding.secondary_color, background);

  return (
    <Box
      component="footer"
      className={classes.footer}
      style={{
        backgroundColor: background,
        color: text,
        ['--footer-text' as string]: text,
        ['--footer-accent' as string]: accent,
        ['--footer-hover' as string]: hover,
        ['--footer-primary' as string]: primary,
        ['--footer-secondary' as string]: secondary,
      }}
    >
      <Box maw={1280} mx="auto" px="md" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            {branding.logo_url ? (
              <Image
                src={branding.logo_url}
                alt={branding.company_name}
                h={40}
                w="auto"
                fit="contain"
              />
            ) : (
              <Text fw={800} size="xl" className={classes.brand}>
                {branding.company_name}
              </Text>
            )}
            <Text size="sm">
              Professional school and camp management software for schools, nurseries and camps.
            </Text>
            <Group gap="sm">
              {SOCIAL.map(({ label, href, Icon }) => (
                <Anchor
                  key={label}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.social}
                  aria-label={label}
                >
                  <Icon size={20} aria-hidden />
                </Anchor>
              ))}
            </Group>
          </Stack>

          <Column title="Navigation">
            {NAVIGATION.map((link) => (
              <FooterAnchor key={link.label} link={link} />
            ))}
          </Column>

          <Column title="Help & Support">
            {HELP.map((link) => (
              <FooterAnchor key={link.label} link={link} />
            ))}
          </Column>

          <Column title="Contact">
            {EMAILS.map(([label, email]) => (
              <Text key={label} size="sm">
                {label}:{' '}
                <Anchor href={`mailto:${email}`} className={classes.link}>
                  {email}
                </Anchor>
              </Text>
            ))}
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href={PRODUCT.phoneHref} className={classes.link}>
                {PRODUCT.phone}
              </Anchor>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor component={Link} to="/contact" className={classes.link}>
                Contact form
              </Anchor>
            </Group>
          </Column>
        </SimpleGrid>

        <Divider my="xl" color="rgba(255,255,255,0.15)" />

        <Group justify="space-between" gap="md" wrap="wrap">
          <Text size="sm">{branding.footer_text}</Text>
          <Group gap="lg" component="nav" aria-label="Legal">
            {LEGAL.map((link) => (
              <FooterAnchor key={link.label} link={link} />
            ))}
          </Group>
          <Text size="sm">
            Powered by{' '}
            <Anchor
              href={isTenantMode ? mainSiteUrl : '/'}
              className={classes.powered}
              {...(isTenantMode ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {PRODUCT.shortName}
            </Anchor>
          </Text>
        </Group>
      </Box>
    </Box>
  );
}
