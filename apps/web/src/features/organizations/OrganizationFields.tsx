import { TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { ORGANIZATION_TYPE_OPTIONS } from './type-icon';
import { FormError } from '../../lib/form-errors';

/**
 * The form error and the name, type and description fields the Create and Edit forms share. The
 * two forms spell the noun differently ("Organization" / "Organisation"), so it is passed in.
 */
export function OrganizationFields({
  getInputProps,
  formError,
  noun,
  typePlaceholder,
}: {
  getInputProps: (path: 'name' | 'type' | 'description') => GetInputPropsReturnType;
  formError: string | null;
  noun: 'Organization' | 'Organisation';
  typePlaceholder?: string;
}) {
  return (
    <>
      <FormError message={formError} />
      <TextInput label={`${noun} name`} required {...getInputProps('name')} />
      <DeferredSelect
        label={`${noun} type`}
        placeholder={typePlaceholder}
        required
        data={ORGANIZATION_TYPE_OPTIONS}
        {...getInputProps('type')}
      />
      <Textarea label="Description" autosize minRows={2} {...getInputProps('description')} />
    </>
  );
}
