import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
} from '@scmp/api/contracts/support';

const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The options of the ticket pickers (new ticket form, staff console filters, status control). */
export const TICKET_STATUS_OPTIONS = optionsOf(TICKET_STATUSES, TICKET_STATUS_LABELS);
export const TICKET_PRIORITY_OPTIONS = optionsOf(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS);
export const TICKET_CATEGORY_OPTIONS = optionsOf(TICKET_CATEGORIES, TICKET_CATEGORY_LABELS);
