import { PasswordInput } from '@mantine/core';

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
