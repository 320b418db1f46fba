import { FEATURE_ICONS } from './feature-icons';
import type { ExpandableItem } from './ExpandableCards';

/** The six feature categories of /features (spec part 1 §1 claims). */
export const FEATURE_CATEGORIES: ExpandableItem[] = [
  {
    id: 'attendance',
    title: 'Attendance and registers',
    summary: 'Morning and afternoon registers, session sign-in and absence follow-up in one place.',
    icon: FEATURE_ICONS.attendance,
    points: [
      'Take registers by class, group or session from any tablet or laptop',
      'Standard absence codes, with late and early-collection times recorded',
      'Automatic messages to parents when a child is marked absent without a reason',
      'Sign-in and sign-out for breakfast clubs, after-school clubs and holiday camps',
      'Attendance trends by pupil, group and venue to spot persistent absence early',
    ],
  },
  {
    id: 'staff',
    title: 'Staff and payroll',
    summary: 'Rotas, hours and pay information for teaching, support and seasonal camp staff.',
    icon: FEATURE_ICONS.staff,
    points: [
      'Staff records with roles, contracts, qualifications and DBS check dates',
      'Rotas and ratios for each session, with cover gaps highlighted',
      'Timesheets for hourly and seasonal staff, approved by managers online',
      'Payroll-ready exports so your payroll provider receives accurate hours',
      'Reminders before training, certificates or checks fall out of date',
    ],
  },
  {
    id: 'billing',
    title: 'Billing and payments',
    summary:
      'Fees, clubs, trips and camp bookings invoiced and collected without the spreadsheets.',
    icon: FEATURE_ICONS.billing,
    points: [
      'Invoices for fees, wraparound care, trips, lunches and camp places',
      'Online payment by card or direct debit, with automatic reconciliation',
      'Sibling discounts, funded hours and instalment plans handled consistently',
      'Friendly, automatic reminders for overdue balances',
      'Income reports by venue, activity and period for your finance team',
    ],
  },
  {
    id: 'communications',
    title: 'Communications',
    summary:
      'Reach parents, staff and students by e-mail and in-app messages, and see who has read them.',
    icon: FEATURE_ICONS.communications,
    points: [
      'Messages to a whole setting, a year group, a class or a single family',
      'Newsletters and letters home with read receipts',
      'Consent forms for trips and activities collected and tracked online',
      'Urgent alerts for closures and emergencies',
      'A parent portal so families can update contact and medical details themselves',
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics and reporting',
    summary: '50+ ready-made reports and dashboards for leaders, governors and finance.',
    icon: FEATURE_ICONS.analytics,
    points: [
      'Dashboards for attendance, bookings, income and staffing at a glance',
      'Comparisons across venues for trusts, federations and multi-site camps',
      'Reports you can filter, schedule and export to CSV or PDF',
      'Governor and trustee summaries ready for termly meetings',
      'Advanced analytics on the Unlimited plan for deeper trend analysis',
    ],
  },
  {
    id: 'compliance',
    title: 'Compliance and health and safety',
    summary:
      'Risk assessments, incidents and audits with a full history across 15+ compliance areas.',
    icon: FEATURE_ICONS.compliance,
    points: [
      'A library of 1000+ risk assessment templates for premises, trips and activities',
      'Accident, incident and near-miss logging with follow-up actions',
      'Fire drill, first aid and inspection schedules with reminders',
      'Medical needs, allergies and medication records visible to the right staff',
      'Audit trails kept for 10 years, ready for inspections and insurers',
    ],
  },
];

export const SECURITY_POINTS: { title: string; text: string }[] = [
  {
    title: 'Encrypted throughout',
    text: 'All traffic is encrypted with TLS, and every instance has its own SSL certificate.',
  },
  {
    title: 'Two-factor authentication',
    text: 'Staff can protect their accounts with an authenticator app and one-time recovery codes.',
  },
  {
    title: 'Role-based access',
    text: 'Administrators, teachers, staff, parents and students each see only what their role needs.',
  },
  {
    title: 'Full audit trail',
    text: 'Sign-ins and changes are logged, and audit records are retained for 10 years.',
  },
  {
    title: 'UK GDPR by design',
    text: 'Data minimisation, retention limits and a data processing agreement for every customer.',
  },
  {
    title: '99.9% uptime',
    text: 'Monitored around the clock, with automatic backups so your records are safe.',
  },
];

export const INTEGRATION_CATEGORIES: { title: string; text: string }[] = [
  {
    title: 'Payments',
    text: 'Card payments and direct debit collection, reconciled against invoices automatically.',
  },
  {
    title: 'Accounting and payroll',
    text: 'Exports formatted for common accounting packages and payroll providers.',
  },
  {
    title: 'E-mail and calendars',
    text: 'Messages sent from your own domain, and term dates and events shared to staff calendars.',
  },
  {
    title: 'Data import and export',
    text: 'Bring records in from spreadsheets and CSV files, and take them out whenever you like.',
  },
  {
    title: 'API access',
    text: 'A documented API and custom integrations on the Unlimited plan for your in-house systems.',
  },
];
