// ESLint rule `studio/web-import-zones`: the import boundaries inside web/src (docs/web-console.md).
//
//   features/<a>/    may import components/, lib/, config/ and its own folder; never another
//                    feature, never app/.
//   components/, lib/, config/
//                    import no feature and nothing of app/.
//   app/, testing/, main.tsx, start.tsx, entry-server.tsx
//                    may import anything (app/ is where features are composed).
//
// Why a rule of our own: `no-restricted-imports` matches the import's text, not the file it names,
// so it cannot tell `../../leads/x.ts` (another feature) from `../../../lib/x.ts` (allowed) once
// files sit at different depths, and it does not look at `import()`. The import plugin's
// `no-restricted-paths` would, at the cost of a module resolver with native bindings. Relative
// imports are resolved here against the importing file; package imports are not zoned.
import path from 'node:path';

/** The zone of a file below web/src: `feature:<name>`, `components`, `lib`, `config`, `app`, ... */
function zoneOf(file) {
  const parts = file.split(path.sep);
  let at = -1;
  for (let i = parts.length - 2; i >= 0; i--) {
    if (parts[i] === 'web' && parts[i + 1] === 'src') {
      at = i + 2;
      break;
    }
  }
  if (at < 0 || at >= parts.length) return undefined;
  const top = parts[at];
  if (at === parts.length - 1) return 'app'; // main.tsx, start.tsx, entry-server.tsx: the app's entries
  if (top === 'features') return parts[at + 1] ? `feature:${parts[at + 1]}` : undefined;
  return top;
}

const sharedZones = new Set(['components', 'lib', 'config']);

/** Why `from` may not import `to`, or undefined when it may. */
function violation(from, to) {
  if (!from || !to || from === to) return undefined;
  if (from.startsWith('feature:')) {
    if (to.startsWith('feature:')) {
      return `a feature does not import another feature (${from.slice(8)} -> ${to.slice(8)}): move what both need to components/ or lib/, or compose them in app/`;
    }
    if (to === 'app') return 'a feature does not import app/: app/ composes features, not the other way round';
    return undefined;
  }
  if (sharedZones.has(from)) {
    if (to.startsWith('feature:')) {
      return `${from}/ imports no feature (${to.slice(8)}): take what it needs as props, or move it to app/`;
    }
    if (to === 'app') return `${from}/ does not import app/`;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webImportZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features, components/ and lib/ of web/src apart (see docs/web-console.md).' },
    schema: [],
    messages: { zone: 'Import across zones: {{why}}.' },
  },
  create(context) {
    const file = context.filename;
    const from = zoneOf(path.resolve(file));
    if (!from) return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(path.resolve(file)), source.value));
      const why = violation(from, to);
      if (why) context.report({ node: source, messageId: 'zone', data: { why } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    };
  },
};
