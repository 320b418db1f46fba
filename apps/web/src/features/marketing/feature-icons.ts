import {
  IconCalendarCheck,
  IconChartBar,
  IconCreditCard,
  IconMessages,
  IconShieldCheck,
  IconUsersGroup,
} from '@tabler/icons-react';

/** One icon per feature category, shared by /features and the home page's feature tiles. */
export const FEATURE_ICONS = {
  attendance: IconCalendarCheck,
  staff: IconUsersGroup,
  billing: IconCreditCard,
  communications: IconMessages,
  analytics: IconChartBar,
  compliance: IconShieldCheck,
};
