import { Alert } from '@mantine/core';
import { useState } from 'react';
import { errorEnvelopeOf, errorMessage } from './trpc';

/**
 * A form's refusal handling: `formError` is the line above the form; `onError(fallback)` is a
 * mutation's onError that puts a refusal's field errors onto their fields and its message (or
 * `fallback`) into `formError`.
 */
export function useFormErrors(form: {
  setFieldError: (field: string, error: string | undefined) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const onError = (fallback: string) => (error: unknown) => {
    const fields = errorEnvelopeOf(error)?.errors;
    if (fields) {
      for (const [field, texts] of Object.entries(fields)) form.setFieldError(field, texts[0]);
    }
    setFormError(errorMessage(error, fallback));
  };
  return { formError, setFormError, onError };
}

/** A form's message as a red alert; nothing while there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}
