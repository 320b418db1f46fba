import { DIFFICULTY_LEVELS, HELP_CATEGORIES, type HelpItem } from './help-search';
import videoData from './videos.json';

/**
 * Static training videos (spec part 1 §3 Video: id, title, description, duration, difficulty,
 * views, rating, thumbnail, topics, isNew; featured ones carry isFeatured). The thumbnail is a
 * generated gradient: two colours and a short initial, no external image. The videos themselves
 * are data, in videos.json; this module checks their category and level once and types them.
 */
export type Video = HelpItem & {
  views: number;
  rating: number;
  thumbnail: { from: string; to: string; initials: string };
  isNew: boolean;
  isFeatured?: boolean;
};

function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`videos.json: unknown ${what} "${value}"`);
  return found;
}

const CATEGORY_IDS = HELP_CATEGORIES.map((category) => category.id);

export const VIDEOS: Video[] = videoData.map((video) => ({
  ...video,
  category: oneOf(CATEGORY_IDS, video.category, 'category'),
  difficulty: oneOf(DIFFICULTY_LEVELS, video.difficulty, 'difficulty'),
}));
