import { Checkbox } from '@mantine/core';

/**
 * The checkboxes of a Checkbox.Group whose values are names shown as they are (an API scope, a
 * webhook event type), each described by its label: `name` says which field holds the name.
 */
export function NamedCheckboxes<K extends string>({
  entries,
  name,
}: {
  entries: readonly ({ [P in K]: string } & { label: string })[];
  name: K;
}) {
  return entries.map((entry) => (
    <Checkbox key={entry[name]} value={entry[name]} label={entry[name]} description={entry.label} />
  ));
}
