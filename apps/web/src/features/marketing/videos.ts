import type { Difficulty, HelpCategoryId } from './help-search';

/**
 * Static training videos (spec part 1 §3 Video: id, title, description, duration, difficulty,
 * views, rating, thumbnail, topics, isNew; featured ones carry isFeatured). The thumbnail is a
 * generated gradient: two colours and a short initial, no external image.
 */
export type Video = {
  id: string;
  category: HelpCategoryId;
  title: string;
  description: string;
  duration: string;
  difficulty: Difficulty;
  views: number;
  rating: number;
  thumbnail: { from: string; to: string; initials: string };
  topics: string[];
  isNew: boolean;
  isFeatured?: boolean;
};

export const VIDEOS: Video[] = [
  {
    id: 'platform-tour',
    category: 'getting-started',
    title: 'A ten-minute tour of the platform',
    description:
      'See the dashboard, organisations, instances and support desk, and where to find everything.',
    duration: '10:24',
    difficulty: 'Beginner',
    views: 4820,
    rating: 4.8,
    thumbnail: { from: '#0B173D', to: '#2f9e44', initials: 'GS' },
    topics: ['Dashboard', 'Navigation', 'Overview'],
    isNew: false,
    isFeatured: true,
  },
  {
    id: 'branding-walkthrough',
    category: 'getting-started',
    title: 'Branding your instance step by step',
    description: 'Upload a logo, pick colours that pass contrast checks and preview the result.',
    duration: '7:48',
    difficulty: 'Beginner',
    views: 2315,
    rating: 4.7,
    thumbnail: { from: '#D1A103', to: '#0B173D', initials: 'BR' },
    topics: ['Branding', 'Logo', 'Colours', 'Accessibility'],
    isNew: true,
  },
  {
    id: 'securing-your-account',
    category: 'getting-started',
    title: 'Securing your account with two-factor authentication',
    description:
      'Turn on an authenticator app, store recovery codes safely and review active sessions.',
    duration: '5:12',
    difficulty: 'Beginner',
    views: 1960,
    rating: 4.9,
    thumbnail: { from: '#1c7ed6', to: '#0B173D', initials: '2FA' },
    topics: ['Security', 'Two-factor authentication', 'Sessions'],
    isNew: false,
  },
  {
    id: 'roles-and-permissions',
    category: 'administration',
    title: 'Roles and permissions for staff, parents and students',
    description: 'Decide who sees what, from the head teacher to a seasonal camp leader.',
    duration: '12:05',
    difficulty: 'Intermediate',
    views: 1742,
    rating: 4.6,
    thumbnail: { from: '#1c7ed6', to: '#7048e8', initials: 'RP' },
    topics: ['Roles', 'Permissions', 'Users'],
    isNew: false,
    isFeatured: true,
  },
  {
    id: 'billing-for-bursars',
    category: 'administration',
    title: 'Fees, invoices and payments for school business managers',
    description:
      'Set up fee structures, send invoices, take card and direct debit payments and chase arrears.',
    duration: '18:40',
    difficulty: 'Intermediate',
    views: 1388,
    rating: 4.7,
    thumbnail: { from: '#0ca678', to: '#0B173D', initials: '£' },
    topics: ['Billing', 'Invoices', 'Direct debit', 'Arrears'],
    isNew: true,
  },
  {
    id: 'multi-venue-reporting',
    category: 'administration',
    title: 'Reporting across several venues',
    description:
      'Compare attendance, bookings and income across a trust, federation or camp network.',
    duration: '15:32',
    difficulty: 'Advanced',
    views: 876,
    rating: 4.5,
    thumbnail: { from: '#7048e8', to: '#0B173D', initials: 'MV' },
    topics: ['Reporting', 'Multi-site', 'Analytics'],
    isNew: false,
  },
  {
    id: 'registers-in-practice',
    category: 'academic-management',
    title: 'Taking registers in under a minute',
    description:
      'Mark a class or club register on a tablet, record late arrivals and send absence alerts.',
    duration: '4:36',
    difficulty: 'Beginner',
    views: 3205,
    rating: 4.8,
    thumbnail: { from: '#7048e8', to: '#D1A103', initials: 'AT' },
    topics: ['Attendance', 'Registers', 'Absence alerts'],
    isNew: false,
  },
  {
    id: 'timetables-and-groups',
    category: 'academic-management',
    title: 'Building timetables and activity groups',
    description:
      'Create the year’s classes, camp activity groups and rotations, then publish to staff.',
    duration: '13:58',
    difficulty: 'Intermediate',
    views: 1120,
    rating: 4.4,
    thumbnail: { from: '#ae3ec9', to: '#0B173D', initials: 'TT' },
    topics: ['Timetables', 'Groups', 'Camps'],
    isNew: true,
  },
  {
    id: 'progress-tracking',
    category: 'academic-management',
    title: 'Tracking progress with your own assessment framework',
    description:
      'Configure assessment points, record judgements and turn them into parent reports.',
    duration: '21:15',
    difficulty: 'Advanced',
    views: 654,
    rating: 4.6,
    thumbnail: { from: '#5f3dc4', to: '#1c7ed6', initials: 'AP' },
    topics: ['Assessment', 'Progress', 'Reports'],
    isNew: false,
  },
  {
    id: 'risk-assessment-basics',
    category: 'compliance',
    title: 'Risk assessments from template to sign-off',
    description: 'Adapt a template for a school trip, add control measures and get it approved.',
    duration: '11:27',
    difficulty: 'Intermediate',
    views: 2038,
    rating: 4.9,
    thumbnail: { from: '#e8590c', to: '#0B173D', initials: 'RA' },
    topics: ['Risk assessments', 'Trips', 'Health and safety'],
    isNew: false,
    isFeatured: true,
  },
  {
    id: 'incident-logging',
    category: 'compliance',
    title: 'Logging an incident and informing parents',
    description:
      'Record an accident at break time, notify the family and close the follow-up actions.',
    duration: '6:03',
    difficulty: 'Beginner',
    views: 1471,
    rating: 4.7,
    thumbnail: { from: '#f03e3e', to: '#e8590c', initials: 'IN' },
    topics: ['Incidents', 'First aid', 'Parents'],
    isNew: true,
  },
  {
    id: 'inspection-ready',
    category: 'compliance',
    title: 'Preparing your audit trail for an inspection',
    description:
      'Pull together policies, training records, drills and incident history for inspectors.',
    duration: '19:50',
    difficulty: 'Advanced',
    views: 932,
    rating: 4.8,
    thumbnail: { from: '#d9480f', to: '#5f3dc4', initials: 'IR' },
    topics: ['Audits', 'Inspections', 'Training records', 'Fire drills'],
    isNew: false,
  },
];
