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

describe('side effects across areas go through domain events (issue 36)', () => {
  const rel = (file: string) => path.relative(root, file);
  const services = () => sourceFiles(path.join(root, 'services'));

  it('lets no area import webhooks to emit: they emit domain events, subscriptions.ts reacts', () => {
    const emitting = [
      path.join(root, 'services/webhooks/emit.ts'),
      path.join(root, 'services/webhooks/index.ts'),
    ];
    const offenders = services()
      .filter((file) => !file.startsWith(path.join(root, 'services/webhooks') + path.sep))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => emitting.includes(target))
          .map((target) => `${rel(file)} → ${rel(target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps services/jobs a queue: it imports no area (the runner and handlers sit at the top)', () => {
    const jobs = sourceFiles(path.join(root, 'services/jobs'));
    expect(jobs.map(rel).sort()).toEqual(['services/jobs/queue.ts', 'services/jobs/types.ts']);
    const offenders = jobs.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            target.startsWith(path.join(root, 'services') + path.sep) &&
            !target.startsWith(path.join(root, 'services/jobs') + path.sep),
        )
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps domain-events.ts free of areas and subscriptions.ts for the composition root alone', () => {
    const events = ['domain-events.ts', 'domain-event-types.ts'].map((name) =>
      path.join(root, 'services/events', name),
    );
    const reached = events.flatMap(importsOf).filter((target) => !events.includes(target));
    expect(reached.map(rel)).toEqual([]);
    const importers = sourceFiles(root).filter((file) =>
      importsOf(file).includes(path.join(root, 'subscriptions.ts')),
    );
    expect(importers.map(rel)).toEqual(['deps.ts']);
  });
});
