import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage } from './trpc';

/** A failed request's message (or `fallback` when it has none) as a red alert. */
export function ErrorAlert({
  error,
  fallback,
  ...props
}: { error: unknown; fallback: string } & Omit<AlertProps, 'children'>) {
  return (
    <Alert color="red" role="alert" {...props}>
      {errorMessage(error, fallback)}
    </Alert>
  );
}

/** A form's message as a red alert; nothing while there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}
