import { Menu } from '@mantine/core';
import { IconLogout, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { AccountMenuProps } from './account-menu-types';
import { AccountMenuButton } from './AccountMenuButton';
import { OPERATOR_LINK, STAFF_LINK } from './nav-links';

type Props = AccountMenuProps & {
  /** Controlled by AccountMenu, so a click on the placeholder opens the menu once loaded. */
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Keep keyboard focus on the button that replaces the placeholder. */
  focusTarget: boolean;
};

/** The signed-in user's menu: account pages, the staff console for staff, sign out. */
export default function AccountMenuDropdown({
  user,
  accountLinks,
  signOut,
  signingOut,
  opened,
  onChange,
  focusTarget,
}: Props) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTarget) target.current?.focus();
    // Only when this replaces the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu position="bottom-end" width={230} shadow="md" opened={opened} onChange={onChange}>
      <Menu.Target>
        <AccountMenuButton ref={target} name={user.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {accountLinks.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={
              link === STAFF_LINK || link === OPERATOR_LINK ? (
                <IconShieldCheck size={16} />
              ) : undefined
            }
          >
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
