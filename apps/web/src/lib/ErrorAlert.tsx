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
