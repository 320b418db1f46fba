import { Box, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTenant } from '../tenant';

/** The logo (or company name); a link home on the main site, no link in tenant mode. */
export function BrandLogo({ color }: { color: string }) {
  const { branding, isTenantMode } = useTenant();
  const content = (
    <Group gap="xs" wrap="nowrap">
      {branding.logo_url ? (
        <Image src={branding.logo_url} alt={branding.company_name} h={36} w="auto" fit="contain" />
      ) : (
        <Text fw={800} size="xl" c={color} style={{ letterSpacing: '0.02em' }}>
          {branding.company_name}
        </Text>
      )}
    </Group>
  );
  if (isTenantMode) {
    return (
      <Box data-testid="brand-logo" aria-label={branding.company_name}>
        {content}
      </Box>
    );
  }
  return (
    <Box
      component={Link}
      to="/"
      data-testid="brand-logo"
      aria-label={`${branding.company_name} home`}
      style={{ textDecoration: 'none' }}
    >
      {content}
    </Box>
  );
}
