import { Textarea, type TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BrandingFormValues } from './form-values';

type Path = Parameters<UseFormReturnType<BrandingFormValues>['getInputProps']>[0];

/** A growing text area of the branding form, wired to the form value `name` (its value, error, key). */
export function FormTextarea({
  form,
  name,
  ...props
}: Omit<TextareaProps, 'form' | 'name'> & {
  form: UseFormReturnType<BrandingFormValues>;
  name: Path;
}) {
  return <Textarea key={form.key(name)} autosize {...props} {...form.getInputProps(name)} />;
}
