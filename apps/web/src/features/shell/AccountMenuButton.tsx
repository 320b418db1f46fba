import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import classes from './SiteHeader.module.css';

export type AccountMenuButtonProps = UnstyledButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof UnstyledButtonProps> & {
    name: string;
    ref?: Ref<HTMLButtonElement>;
  };

/** "Welcome, <name>" with a chevron: the account menu's trigger (same markup before and after load). */
export function AccountMenuButton({ name, ref, className, ...props }: AccountMenuButtonProps) {
  return (
    <UnstyledButton
      ref={ref}
      aria-label={`Account menu for ${name}`}
      {...props}
      // Menu.Target passes its own classes: keep ours too.
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="inherit">
          Welcome, <strong>{name}</strong>
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
