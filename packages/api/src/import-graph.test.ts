import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package reads from index.ts downward without meeting a file twice (issue 25): no circle of
 * imports, type-only imports included. Services depend on app-deps.ts (the AppDeps type) and on
 * the narrow types beside each service; only the composition root, deps.ts, builds things.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
    const base = path.resolve(path.dirname(file), match[1]!);
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(existsSync);
    if (found) targets.push(found);
  }
  return targets;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(root, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('packages/api import graph', () => {
  it('has no circle of imports (type-only imports included)', () => {
    const files = sourceFiles(root);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(files.length).toBeGreaterThan(200);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps deps.ts, the composition root, out of every service', () => {
    const importers = sourceFiles(root).filter((file) =>
      importsOf(file).includes(path.join(root, 'deps.ts')),
    );
    expect(importers.map((file) => path.relative(root, file))).toEqual(['index.ts']);
  });
});

describe('request-scoped data stays in the pipeline (issue 35)', () => {
  it('keeps services away from the request: no service imports the context, trpc.ts or a router', () => {
    const pipeline = ['context.ts', 'trpc.ts', 'call-procedure.ts', 'caller.ts', 'root.ts'].map(
      (file) => path.join(root, file),
    );
    const routers = path.join(root, 'routers') + path.sep;
    const services = sourceFiles(path.join(root, 'services'));
    expect(services.length).toBeGreaterThan(100);
    const offenders = services.flatMap((file) =>
      importsOf(file)
        .filter((target) => pipeline.includes(target) || target.startsWith(routers))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(offenders).toEqual([]);
    // The module services used to read the request through is gone, and no service keeps
    // request state (the rate-limit report of the current call, say) in async-local storage.
    expect(existsSync(path.join(root, 'request-context.ts'))).toBe(false);
    const asyncLocal = services.filter((file) =>
      /\bAsyncLocalStorage\b/.test(readFileSync(file, 'utf8')),
    );
    expect(asyncLocal.map((file) => path.relative(root, file))).toEqual([]);
  });
});

describe('the account areas form a stack (issue 36)', () => {
  /** The part of the package each file belongs to, when it is one of the account areas. */
  const accountAreas = [
    'services/security-notices',
    'services/sessions.ts',
    'services/two-factor',
    'services/sso',
    'services/passkeys',
    'services/api-tokens',
    'services/accounts',
    'services/profile',
    'services/privacy',
    'routers/auth',
    'routers/profile',
  ];
  const areaOf = (file: string) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return accountAreas.find((area) => relative === area || relative.startsWith(`${area}/`));
  };

  it('has no circle among accounts, profile, privacy, two-factor, passkeys, SSO, API tokens, sessions, security notices and the auth/profile routers', () => {
    const graph = new Map<string, string[]>(accountAreas.map((area) => [area, []]));
    for (const file of sourceFiles(root)) {
      const from = areaOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = areaOf(target);
        if (to && to !== from && !graph.get(from)!.includes(to)) graph.get(from)!.push(to);
      }
    }
    expect(graph.get('services/profile')).toContain('services/accounts');
    expect(cycles(graph)).toEqual([]);
  });

  it('reaches an account area from outside only through its index.ts', () => {
    const areaFolders = accountAreas.filter(
      (area) => area.startsWith('services/') && !area.endsWith('.ts'),
    );
    const faces = areaFolders.map((area) => path.join(root, area, 'index.ts'));
    // Callers: the account areas themselves, their procedures, and the package's top-level files.
    const routers = ['auth', 'profile', 'two-factor', 'passkeys', 'privacy', 'sso', 'api-tokens'];
    const callers = sourceFiles(root).filter((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      return (
        !relative.includes('/') ||
        areaOf(file) !== undefined ||
        routers.some((router) => relative.startsWith(`routers/${router}/`))
      );
    });
    const offenders = callers.flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          const area = areaOf(target);
          return (
            area !== undefined &&
            areaFolders.includes(area) &&
            area !== areaOf(file) &&
            !faces.includes(target) &&
            // Shared crypto still lives in two-factor until it moves to lib (issue 36).
            !target.endsWith(path.join('two-factor', 'crypto.ts'))
          );
        })
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(offenders).toEqual([]);
  });
});
