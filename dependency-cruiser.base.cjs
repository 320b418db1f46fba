/**
 * What the dependency rules of every workspace share (packages/api, apps/server and apps/web each
 * have a `.dependency-cruiser.cjs` that adds its own rules): the no-circle rule and how TypeScript
 * sources are read. docs/architecture.md describes the rules.
 */
/** An import circle: the modules of a circle cannot be understood or loaded one at a time. */
const noCircular = {
  name: 'no-circular',
  severity: 'error',
  comment:
    'An import circle: the modules of a circle cannot be understood or loaded one at a time.',
  from: {},
  to: { circular: true },
};

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

module.exports = { noCircular, options };
