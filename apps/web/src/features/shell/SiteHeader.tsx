import { Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { shellColors } from '@scmp/ui';
import { useSession } from '../session';
import { useTenant } from '../tenant';
import { AccountMenu } from './AccountMenu';
import { BrandLogo } from './BrandLogo';
import {
  DASHBOARD_LINKS,
  isActiveLink,
  isDashboardPath,
  PUBLIC_LINKS,
  OPERATOR_LINK,
  STAFF_LINK,
  USER_MENU_LINKS,
  type NavLink as NavLinkItem,
} from './nav-links';
import classes from './SiteHeader.module.css';

const MobileMenu = lazyNamed(() => import('./MobileMenu'), 'MobileMenu');
import { useSignOut } from './use-sign-out';
import { lazyNamed } from '../../lib/lazy-named';

/** Top navigation: public or dashboard links, sign-in/register or the user menu, mobile drawer. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { branding } = useTenant();
  const { user, isAuthenticated } = useSession();
  const { signOut, signingOut } = useSignOut();
  const [drawerOpened, drawer] = useDisclosure(false);
  const colors = shellColors(branding);
  const inDashboard = isDashboardPath(pathname);
  const links = inDashboard && isAuthenticated ? DASHBOARD_LINKS : PUBLIC_LINKS;

  useEffect(() => {
    drawer.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const accountLinks: NavLinkItem[] = user?.is_staff
    ? [...USER_MENU_LINKS, OPERATOR_LINK, STAFF_LINK]
    : USER_MENU_LINKS;

  return (
    <Box
      component="header"
      className={classes.header}
      style={{
        backgroundColor: colors.navBackground,
        ['--nav-text' as string]: colors.navText,
        ['--nav-text-hover' as string]: colors.navTextHover,
      }}
    >
      <Group justify="space-between" h={64} px="md" maw={1280} mx="auto" wrap="nowrap">
        <BrandLogo color={colors.navText} />

        <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/' || link.to === '/dashboard'}
              className={classes.link}
              aria-current={isActiveLink(link, pathname) ? 'page' : undefined}
            >
              {link.label}
            </NavLink>
          ))}
        </Group>

        <Group gap="sm" visibleFrom="md" wrap="nowrap">
          {isAuthenticated && user ? (
            <>
              {!inDashboard ? (
                <Button
                  component={Link}
                  to="/dashboard"
                  size="sm"
                  leftSection={<IconLayoutDashboard size={16} />}
                >
                  Dashboard
                </Button>
              ) : null}
              <AccountMenu
                user={user}
                accountLinks={accountLinks}
                signOut={signOut}
                signingOut={signingOut}
              />
            </>
          ) : (
            <>
              <Link to="/login" className={classes.link}>
                Sign in
              </Link>
              <Button component={Link} to="/signup" size="sm">
                Register
              </Button>
            </>
          )}
        </Group>

        <Burger
          opened={drawerOpened}
          onClick={drawer.toggle}
          hiddenFrom="md"
          color={colors.navText}
          aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
        />
      </Group>

      {drawerOpened ? (
        <Suspense fallback={null}>
          <MobileMenu
            drawerOpened={drawerOpened}
            onClose={drawer.close}
            links={links}
            accountLinks={accountLinks}
            user={user}
            isAuthenticated={isAuthenticated}
            inDashboard={inDashboard}
            pathname={pathname}
            signOut={signOut}
            signingOut={signingOut}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
