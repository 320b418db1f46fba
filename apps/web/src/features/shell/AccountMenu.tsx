import { lazy, Suspense, useState } from 'react';
import { AccountMenuButton } from './AccountMenuButton';
import type { AccountMenuProps } from './account-menu-types';

// The dropdown (Menu, Popover, floating positioning) is not needed for the first paint: its code
// is fetched when the pointer or focus reaches the button, and it replaces the button on the first
// click (already open). The button is never swapped mid-click, so no click is lost.
const loadDropdown = () => import('./AccountMenuDropdown');
const AccountMenuDropdown = lazy(loadDropdown);

export type { AccountMenuProps };

export function AccountMenu(props: AccountMenuProps) {
  const [loaded, setLoaded] = useState(false);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  const placeholder = (
    <AccountMenuButton
      name={props.user.name}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => {
        setFocused(true);
        void loadDropdown();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpened(true);
        setLoaded(true);
      }}
    />
  );
  if (!loaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenuDropdown {...props} opened={opened} onChange={setOpened} focusTarget={focused} />
    </Suspense>
  );
}
