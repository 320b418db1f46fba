/**
 * What the dependency rules of every workspace share (packages/api, apps/server and apps/web each
 * have a `.dependency-cruiser.cjs` that adds its own rules): the no-circle rule, the shape of a
 * forbidding rule and how TypeScript sources are read. docs/architecture.md describes the rules.
 */
/** A rule that fails the lint when a module matching `from` imports one matching `to`. */
function forbid(name, comment, from, to) {
  return { name, severity: 'error', comment, from, to };
}

/** An import circle: the modules of a circle cannot be understood or loaded one at a time. */
const noCircular = forbid(
  'no-circular',
  'An import circle: the modules of a circle cannot be understood or loaded one at a time.',
  {},
  { circular: true },
);

/** Tests are left out; type-only imports count; package exports are resolved as Node does. */
function options(overrides = {}) {
  return {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test(-d)?\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    ...overrides,
  };
}

module.exports = { forbid, noCircular, options };
