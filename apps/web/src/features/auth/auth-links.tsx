import { Anchor, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "Email address": the e-mail field of the sign-up, forgot-password and reset-password forms. */
export function EmailAddressInput(props: TextInputProps) {
  return <TextInput label="Email address" type="email" autoComplete="email" required {...props} />;
}

/** A centred link under an auth form, e.g. "Back to login". */
export function AuthFormLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
