import { describe, expect, it } from 'vitest';
import { GUIDES } from './guides';
import {
  DIFFICULTY_LEVELS,
  HELP_CATEGORIES,
  filterByLevel,
  matchesSearch,
  searchItems,
} from './help-search';
import { VIDEOS } from './videos';

const item = {
  title: 'Taking Registers',
  description: 'Mark attendance by session',
  topics: ['Absence codes', 'Parents'],
};

describe('matchesSearch', () => {
  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch(item, '')).toBe(true);
    expect(matchesSearch(item, '   ')).toBe(true);
  });
  it('is case-insensitive over title, description and topics', () => {
    expect(matchesSearch(item, 'registers')).toBe(true);
    expect(matchesSearch(item, 'ATTENDANCE')).toBe(true);
    expect(matchesSearch(item, 'absence CODES')).toBe(true);
    expect(matchesSearch(item, ' parents ')).toBe(true);
  });
  it('does not match other text', () => {
    expect(matchesSearch(item, 'payroll')).toBe(false);
  });
});

describe('guide and video data', () => {
  it('uses exactly the four spec categories', () => {
    expect(HELP_CATEGORIES.map((c) => c.id)).toEqual([
      'getting-started',
      'administration',
      'academic-management',
      'compliance',
    ]);
    for (const category of HELP_CATEGORIES) {
      expect(GUIDES.some((g) => g.category === category.id)).toBe(true);
      expect(VIDEOS.some((v) => v.category === category.id)).toBe(true);
    }
  });
  it('has unique ids and every level represented', () => {
    expect(new Set(GUIDES.map((g) => g.id)).size).toBe(GUIDES.length);
    expect(new Set(VIDEOS.map((v) => v.id)).size).toBe(VIDEOS.length);
    for (const level of DIFFICULTY_LEVELS) {
      expect(VIDEOS.some((v) => v.difficulty === level)).toBe(true);
    }
    expect(VIDEOS.some((v) => v.isFeatured)).toBe(true);
    expect(VIDEOS.some((v) => v.isNew)).toBe(true);
  });
});

describe('searchItems / filterByLevel', () => {
  it('finds guides by topic only', () => {
    const hits = searchItems(GUIDES, 'riddor');
    expect(hits.map((g) => g.id)).toEqual(['incident-reporting']);
  });
  it('returns nothing for an unknown word', () => {
    expect(searchItems(GUIDES, 'quidditch')).toEqual([]);
    expect(filterByLevel(VIDEOS, 'quidditch', 'all')).toEqual([]);
  });
  it('filters videos by level and search together', () => {
    const advanced = filterByLevel(VIDEOS, '', 'Advanced');
    expect(advanced.length).toBeGreaterThan(0);
    expect(advanced.every((v) => v.difficulty === 'Advanced')).toBe(true);
    expect(filterByLevel(VIDEOS, '', 'all')).toHaveLength(VIDEOS.length);
    const beginnerParents = filterByLevel(VIDEOS, 'PARENTS', 'Beginner');
    expect(beginnerParents.map((v) => v.id)).toEqual(['incident-logging']);
  });
});
