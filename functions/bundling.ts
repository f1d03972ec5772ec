import type { RouteGroup } from '@studio/shared/routes';

/**
 * Modules a group's bundle replaces with smaller stand-ins (esbuild `alias`), as repository-root
 * paths. Read by the CDK stack's bundling and by `npm run bench`, so the bundle measured is the
 * bundle deployed. Only the bundles use them: the local stack and the tests load the real
 * packages, and `functions/test/unit/documents-bundle.test.ts` renders an invoice with the
 * bundle itself.
 *
 * documents: pdf-lib with its standard fonts and zlib is 430 KB minified; its compression is
 * Node's own zlib, it embeds no PNG, and it draws with Helvetica only, which brings the group
 * under the 400 KB budget (docs/decisions.md, "Invoices").
 */
export const bundleAliases: Partial<Record<RouteGroup, Record<string, string>>> = {
  documents: {
    pako: 'functions/src/documents/bundle/pako-zlib.ts',
    '@pdf-lib/upng': 'functions/src/documents/bundle/no-png.ts',
    '@pdf-lib/standard-fonts': 'functions/src/documents/bundle/standard-fonts.ts',
  },
};
