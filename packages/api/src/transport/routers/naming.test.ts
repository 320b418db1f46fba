import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../root';

/** transport/routers/README.md: every procedure has its own file, exported under the file's name in camelCase. */
const root = import.meta.dirname;

const camel = (file: string) =>
  path.basename(file, '.ts').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function isProcedure(value: unknown): boolean {
  const def = (value as { _def?: { type?: unknown; procedure?: unknown } } | null)?._def;
  return typeof value === 'function' && def?.procedure === true;
}

const files = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(path.join(root, dir.name))
      .filter((name) => name.endsWith('.ts') && name !== 'router.ts' && !name.endsWith('.test.ts'))
      .map((name) => path.join(dir.name, name)),
  );

describe('procedure files (file = export)', () => {
  it('each file exports at most one procedure, named as the file in camelCase', async () => {
    const wrong: string[] = [];
    for (const file of files) {
      const mod = (await import(path.join(root, file))) as Record<string, unknown>;
      const procedures = Object.keys(mod).filter((name) => isProcedure(mod[name]));
      if (procedures.length > 1 || (procedures.length === 1 && procedures[0] !== camel(file))) {
        wrong.push(`${file}: exports ${procedures.join(', ')} (expected only ${camel(file)})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every procedure of appRouter comes from its own file', async () => {
    const exported = new Set<unknown>();
    for (const file of files) {
      const mod = (await import(path.join(root, file))) as Record<string, unknown>;
      const own = mod[camel(file)];
      if (isProcedure(own)) exported.add(own);
    }
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    const orphans = Object.keys(procedures).filter((key) => !exported.has(procedures[key]));
    expect(orphans).toEqual([]);
    expect(Object.keys(procedures).length).toBe(exported.size);
  });
});
