import { Anchor, PasswordInput, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "Email address": the e-mail field of the sign-up, forgot-password and reset-password forms. */
export function EmailAddressInput(props: TextInputProps) {
  return <TextInput label="Email address" type="email" autoComplete="email" required {...props} />;
}

/**
 * The check of "confirm the new password": `emptyText` when left empty (if given), "Passwords do
 * not match" when it differs from the password.
 */
export function matchesPassword(emptyText?: string) {
  return (value: string, values: { password: string }) =>
    !value && emptyText ? emptyText : value !== values.password ? 'Passwords do not match' : null;
}

type FieldProps = { required?: boolean; withAsterisk?: boolean };

/** A new password and its confirmation, both "new-password" fields for password managers. */
export function NewPasswordInputs({
  labels,
  description,
  inputProps,
  fieldKey,
  ...fieldProps
}: FieldProps & {
  labels: [password: string, confirmation: string];
  /** A hint under the password, e.g. its minimum length. */
  description?: string;
  /** The form's props of a field (value, onChange, error; and its key when uncontrolled). */
  inputProps: (field: 'password' | 'password_confirmation') => object;
  /** An uncontrolled form's key of a field (`form.key`). */
  fieldKey?: (field: 'password' | 'password_confirmation') => string;
}) {
  return (
    <>
      <PasswordInput
        label={labels[0]}
        autoComplete="new-password"
        description={description}
        key={fieldKey?.('password')}
        {...fieldProps}
        {...inputProps('password')}
      />
      <PasswordInput
        label={labels[1]}
        autoComplete="new-password"
        key={fieldKey?.('password_confirmation')}
        {...fieldProps}
        {...inputProps('password_confirmation')}
      />
    </>
  );
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
