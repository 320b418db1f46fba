import { TextInput, type TextInputProps } from '@mantine/core';

/** One text field of a form: the form value it edits (`name`) and its input's props. */
export type TextFieldSpec<K extends string> = TextInputProps & { name: K };

/**
 * A group of text fields of one Mantine form, written as data: each field's label, type and
 * autocomplete once, wired to the form's value, error and key.
 */
export function TextFields<K extends string>({
  form,
  fields,
}: {
  form: { key: (path: K) => string; getInputProps: (path: K) => object };
  fields: TextFieldSpec<K>[];
}) {
  return fields.map(({ name, ...props }) => (
    <TextInput key={form.key(name)} {...props} {...form.getInputProps(name)} />
  ));
}
