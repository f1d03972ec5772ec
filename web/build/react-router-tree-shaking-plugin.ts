import type { Plugin } from 'vite';

/** React Router's shared modules (`react-router/dist/<mode>/chunk-<hash>.mjs`). */
const routerModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;

/**
 * Lets the bundler leave out the parts of React Router the site never uses. Its main module creates
 * its contexts and components with `React.createContext(...)` / `React.forwardRef(...)` / `memo`
 * calls and then sets `X.displayName = "..."` on each, at the top level: for a bundler both are
 * side effects, so `<Link>`, `<Form>`, `<NavLink>`, `<ScrollRestoration>` and the data router's
 * machinery behind them stayed in every page's first load whatever the app imports. This marks the
 * three calls pure (they are) and drops the `displayName` lines (names for React DevTools only) in
 * production builds; nothing the app runs changes. The contexts' other properties are kept.
 *
 * The package also exports only its development build; its production build (dist/production,
 * which its exports do not name) differs in one line, `ENABLE_DEV_WARNINGS = false`, which leaves
 * out the console warnings for developers. That line is set here too.
 */
export function reactRouterTreeShakingPlugin(): Plugin {
  return {
    name: 'studio-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!routerModule.test(id)) return null;
      const pure = code.replace(/= (React\d*)\.(createContext|forwardRef|memo)\(/g, '= /* @__PURE__ */ $1.$2(');
      const unnamed = pure
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
      // The module with the router's contexts must have both, or its shape changed under us.
      if (code.includes('LocationContext = ') && (unnamed === pure || pure === code)) {
        throw new Error(
          `${id}: React Router's module changed shape; update web/build/react-router-tree-shaking-plugin.ts`,
        );
      }
      return { code: unnamed, map: null };
    },
  };
}
