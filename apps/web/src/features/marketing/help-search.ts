/** Case-insensitive search over title, description and topics (spec part 1 §5). */
export type Searchable = { title: string; description: string; topics: string[] };

export const DIFFICULTY_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];

export function matchesSearch(item: Searchable, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return (
    item.title.toLowerCase().includes(needle) ||
    item.description.toLowerCase().includes(needle) ||
    item.topics.some((topic) => topic.toLowerCase().includes(needle))
  );
}

export function searchItems<T extends Searchable>(items: T[], query: string): T[] {
  return items.filter((item) => matchesSearch(item, query));
}

/** Search plus the level filter of /training-videos ('all' keeps every level). */
export function filterByLevel<T extends Searchable & { difficulty: Difficulty }>(
  items: T[],
  query: string,
  level: Difficulty | 'all',
): T[] {
  return searchItems(items, query).filter((item) => level === 'all' || item.difficulty === level);
}

export type HelpCategoryId =
  'getting-started' | 'administration' | 'academic-management' | 'compliance';

/** What a user guide and a training video both have (spec part 1 §3 Guide and Video). */
export type HelpItem = {
  id: string;
  category: HelpCategoryId;
  title: string;
  description: string;
  duration: string;
  difficulty: Difficulty;
  topics: string[];
};

export type HelpCategory = {
  id: HelpCategoryId;
  title: string;
  description: string;
  /** Accent colour of the category (hex). */
  color: string;
};

export const HELP_CATEGORIES: HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Set up your account, your first organisation and your branded instance.',
    color: '#2f9e44',
  },
  {
    id: 'administration',
    title: 'Administration',
    description: 'Users, roles, billing, communications and day-to-day running of your settings.',
    color: '#1c7ed6',
  },
  {
    id: 'academic-management',
    title: 'Academic Management',
    description: 'Classes, timetables, attendance, assessment and reporting to parents.',
    color: '#7048e8',
  },
  {
    id: 'compliance',
    title: 'Compliance',
    description: 'Health and safety, safeguarding records, risk assessments and data protection.',
    color: '#e8590c',
  },
];
