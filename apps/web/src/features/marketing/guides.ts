import type { HelpItem } from './help-search';

/** Static user guides (spec part 1 §3 Guide: title, description, duration, difficulty, topics). */
export type Guide = HelpItem;

export const GUIDES: Guide[] = [
  {
    id: 'create-your-account',
    category: 'getting-started',
    title: 'Creating your account and verifying your e-mail',
    description:
      'Register, confirm your e-mail address and secure your account before you invite anyone else.',
    duration: '5 min read',
    difficulty: 'Beginner',
    topics: ['Registration', 'Email verification', 'Passwords', 'Two-factor authentication'],
  },
  {
    id: 'first-organisation',
    category: 'getting-started',
    title: 'Setting up your first organisation',
    description:
      'Add your school, nursery or camp as an organisation, with its contact details and subdomain.',
    duration: '8 min read',
    difficulty: 'Beginner',
    topics: ['Organisations', 'Subdomain', 'Contact details'],
  },
  {
    id: 'branding-your-instance',
    category: 'getting-started',
    title: 'Applying your logo and colours',
    description:
      'Upload your logo and favicon and choose colours so staff and parents see your own brand.',
    duration: '10 min read',
    difficulty: 'Beginner',
    topics: ['Branding', 'Logo', 'Colours', 'Favicon', 'Footer text'],
  },
  {
    id: 'launch-checklist',
    category: 'getting-started',
    title: 'Your launch checklist for the first week',
    description:
      'A day-by-day plan for importing records, inviting staff and telling parents about the new system.',
    duration: '12 min read',
    difficulty: 'Intermediate',
    topics: ['Onboarding', 'Data import', 'Parent communication'],
  },
  {
    id: 'users-and-roles',
    category: 'administration',
    title: 'Inviting staff and assigning roles',
    description:
      'Give administrators, teachers and support staff the right level of access, and remove leavers promptly.',
    duration: '9 min read',
    difficulty: 'Beginner',
    topics: ['Users', 'Roles', 'Permissions', 'Leavers'],
  },
  {
    id: 'billing-and-invoices',
    category: 'administration',
    title: 'Managing your subscription and invoices',
    description:
      'Change plan, add venues, update your payment method and download VAT invoices for your finance team.',
    duration: '7 min read',
    difficulty: 'Intermediate',
    topics: ['Subscription', 'Invoices', 'Venues', 'Payment methods'],
  },
  {
    id: 'parent-communications',
    category: 'administration',
    title: 'Sending messages and newsletters to parents',
    description:
      'Write to whole settings, year groups or single families, and check who has read your message.',
    duration: '8 min read',
    difficulty: 'Beginner',
    topics: ['Communications', 'Parents', 'Newsletters', 'Read receipts'],
  },
  {
    id: 'multi-site-administration',
    category: 'administration',
    title: 'Running several venues from one account',
    description:
      'Organise trusts, federations and multi-site camps so each venue keeps its own data and branding.',
    duration: '15 min read',
    difficulty: 'Advanced',
    topics: ['Venues', 'Instances', 'Multi-site', 'Reporting'],
  },
  {
    id: 'classes-and-timetables',
    category: 'academic-management',
    title: 'Setting up classes, groups and timetables',
    description:
      'Create classes and activity groups for the year and build timetables that staff can see on any device.',
    duration: '14 min read',
    difficulty: 'Intermediate',
    topics: ['Classes', 'Timetables', 'Groups', 'Academic year'],
  },
  {
    id: 'taking-registers',
    category: 'academic-management',
    title: 'Taking registers and following up absence',
    description:
      'Mark attendance by session, use absence codes correctly and contact families automatically.',
    duration: '6 min read',
    difficulty: 'Beginner',
    topics: ['Attendance', 'Registers', 'Absence codes', 'Parents'],
  },
  {
    id: 'assessment-and-reports',
    category: 'academic-management',
    title: 'Recording assessment and writing reports',
    description:
      'Record progress against your own frameworks and produce end-of-term reports for parents.',
    duration: '16 min read',
    difficulty: 'Advanced',
    topics: ['Assessment', 'Progress', 'Reports', 'Parents'],
  },
  {
    id: 'risk-assessments',
    category: 'compliance',
    title: 'Writing and reviewing risk assessments',
    description:
      'Start from a template, adapt it to your site or trip, assign control measures and set review dates.',
    duration: '11 min read',
    difficulty: 'Intermediate',
    topics: ['Risk assessments', 'Health and safety', 'Trips', 'Templates'],
  },
  {
    id: 'incident-reporting',
    category: 'compliance',
    title: 'Logging accidents and incidents',
    description:
      'Record accidents, incidents and near misses, notify parents and track follow-up actions to closure.',
    duration: '7 min read',
    difficulty: 'Beginner',
    topics: ['Incidents', 'Accidents', 'First aid', 'RIDDOR'],
  },
  {
    id: 'data-protection',
    category: 'compliance',
    title: 'Data protection and subject access requests',
    description:
      'Meet your UK GDPR duties: retention settings, exporting a person’s records and handling erasure requests.',
    duration: '13 min read',
    difficulty: 'Advanced',
    topics: ['UK GDPR', 'Subject access', 'Retention', 'Data export'],
  },
];
