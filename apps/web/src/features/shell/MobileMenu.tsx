import { Button, Divider, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '../session';
import { isActiveLink, type NavLink as NavLinkItem } from './nav-links';
import { LazyDrawer } from '../../lib/LazyOverlay';

export type MobileMenuProps = {
  drawerOpened: boolean;
  onClose: () => void;
  links: NavLinkItem[];
  accountLinks: NavLinkItem[];
  user: SessionUser | null;
  isAuthenticated: boolean;
  inDashboard: boolean;
  pathname: string;
  signOut: () => Promise<void>;
  signingOut: boolean;
};

/** The mobile navigation drawer; loaded on first open so the first visit does not carry it. */
export function MobileMenu({
  drawerOpened,
  onClose,
  links,
  accountLinks,
  user,
  isAuthenticated,
  inDashboard,
  pathname,
  signOut,
  signingOut,
}: MobileMenuProps) {
  return (
    <LazyDrawer
      opened={drawerOpened}
      onClose={onClose}
      title="Menu"
      hiddenFrom="md"
      position="right"
      size="xs"
      zIndex={400}
    >
      <Stack gap={0} component="nav" aria-label="Mobile">
        {isAuthenticated && user ? (
          <Text size="sm" mb="sm">
            Welcome, <strong>{user.name}</strong>
          </Text>
        ) : null}
        <NavLinks links={links} pathname={pathname} />
        <Divider my="sm" />
        {isAuthenticated && user ? (
          <>
            {!inDashboard ? (
              <MantineNavLink component={Link} to="/dashboard" label="Dashboard" />
            ) : null}
            <NavLinks links={accountLinks} pathname={pathname} />
            <Button
              mt="md"
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
              loading={signingOut}
            >
              Sign out
            </Button>
          </>
        ) : (
          <Stack gap="xs" mt="xs">
            <Button component={Link} to="/login" variant="default">
              Sign in
            </Button>
            <Button component={Link} to="/signup">
              Register
            </Button>
          </Stack>
        )}
      </Stack>
    </LazyDrawer>
  );
}

function NavLinks({ links, pathname }: { links: NavLinkItem[]; pathname: string }) {
  return links.map((link) => (
    <MantineNavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={isActiveLink(link, pathname)}
    />
  ));
}
