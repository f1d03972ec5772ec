// Dependency rules of `npm run lint` (depcruise): no import cycles anywhere. The layer boundaries
// (shared imports neither web nor functions; web and functions never import each other) are also
// in eslint.config.js, which an editor shows as you type; here they are checked on the whole graph.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'A module must not reach itself through its imports, type-only imports included: a cycle ties the ' +
        'meaning of every module on it to the others. Move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment:
        'shared holds schemas and plain definitions for both sides: it imports neither functions, web, infra nor scripts.',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|infra|scripts)/' },
    },
    {
      name: 'functions-and-web-apart',
      severity: 'error',
      comment: 'The API and the web app share only shared/.',
      from: { path: '^functions/src/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-and-functions-apart',
      severity: 'error',
      comment: 'The API and the web app share only shared/.',
      from: { path: '^web/src/' },
      to: { path: '^functions/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-render|cdk\\.out|\\.local|coverage|test-results)/' },
    // Type-only imports are dependencies too (`import type` would otherwise hide a cycle).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
