/** Topics of the /contact form; the server (services/contact) holds the same list and validates it. */
export const CONTACT_TOPIC_OPTIONS = [
  { value: 'demo', label: 'Book a demo' },
  { value: 'pricing', label: 'Pricing and plans' },
  { value: 'support', label: 'Help with an existing account' },
  { value: 'partnership', label: 'Partnerships and integrations' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactTopicValue = (typeof CONTACT_TOPIC_OPTIONS)[number]['value'];
