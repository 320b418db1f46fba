import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from './root';
import { flagIsOn } from './rest-flag';
import type { Meta } from './trpc';

describe('REST query flags (meta.restFlag)', () => {
  it('pick the flagged procedure for a true word or a value that is no word, not for a false word', () => {
    for (const on of ['true', '1', 'TRUE', 'yes', 'on', 'maybe', '', ['true']]) {
      expect(flagIsOn(on), JSON.stringify(on)).toBe(true);
    }
    for (const off of [undefined, 'false', '0', 'FALSE', 'no', 'off']) {
      expect(flagIsOn(off), JSON.stringify(off)).toBe(false);
    }
  });

  it('each flagged procedure has an owner of its path, and reads its flag in its input', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { meta?: Meta; inputs: z.ZodObject[] } }
    >;
    const metas = Object.entries(procedures).map(([path, p]) => ({ path, def: p._def }));
    const flagged = metas.filter(({ def }) => def.meta?.restFlag);
    expect(flagged.map(({ path }) => path)).toContain('organizations.findPublic');
    for (const { path, def } of flagged) {
      const { openapi, restFlag } = def.meta!;
      expect(openapi?.enabled, path).toBe(false);
      const owners = metas.filter(
        ({ def: other }) =>
          other.meta?.openapi?.enabled !== false &&
          other.meta?.openapi?.method === openapi?.method &&
          other.meta?.openapi?.path === openapi?.path,
      );
      expect(owners, path).toHaveLength(1);
      expect(Object.keys(def.inputs[0]!.shape), path).toContain(restFlag);
    }
  });
});
