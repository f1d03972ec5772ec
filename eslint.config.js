// Lint: TypeScript rules plus the import boundaries of docs/STYLE: shared -> functions and web;
// web and functions never import each other; infra reads declarations from shared only. Inside
// web/src, features, components/ and lib/ are kept apart by scripts/lint/web-import-zones.js.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { webImportZones } from './scripts/lint/web-import-zones.js';

const boundary = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-render/**',
      '**/cdk.out/**',
      '.local/**',
      '.bench/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/bootstrap.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['shared/**/*.ts'],
    rules: boundary(
      [
        '**/functions/**',
        '**/web/**',
        '**/infra/**',
        '**/scripts/**',
        '@studio/*',
        '@aws-sdk/*',
        'react',
        'react-*',
        'aws-cdk-lib',
        'aws-cdk-lib/*',
      ],
      'shared holds only zod schemas and plain definitions: no AWS, React, or app code.',
    ),
  },
  {
    files: ['functions/src/**/*.ts'],
    rules: boundary(
      [
        '**/web/**',
        '**/infra/**',
        '**/scripts/**',
        '@studio/web',
        '@studio/web/*',
        '@studio/infra',
        '@studio/infra/*',
        'react',
        'react-*',
      ],
      'functions may import shared only, never web, infra or scripts.',
    ),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/functions/**',
                '**/infra/**',
                '**/scripts/**',
                '@studio/functions',
                '@studio/functions/*',
                '@studio/infra',
                '@studio/infra/*',
                '@aws-sdk/*',
              ],
              message: 'web may import shared only, never functions, infra or scripts.',
            },
          ],
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message:
                "Use Link from components/app-link.tsx: React Router's links carry framework-mode code into every page's first load.",
            },
          ],
        },
      ],
    },
  },
  {
    // A change's refresh goes through refreshQueries (lib/use-invalidating-mutation.ts): it stops a
    // first load in flight, which invalidateQueries alone would wait on and show. The sign-in of
    // staff-guard re-reads everything, and the staff's Refresh button has no change to miss.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/use-invalidating-mutation.ts',
      'web/src/components/staff-guard.tsx',
      'web/src/features/staff-jobs/components/refresh-jobs-button.tsx',
      'web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            'Refresh after a change with refreshQueries (lib/use-invalidating-mutation.ts) or useInvalidatingMutation.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { studio: { rules: { 'web-import-zones': webImportZones } } },
    rules: { 'studio/web-import-zones': 'error' },
  },
  {
    files: ['infra/**/*.ts'],
    rules: boundary(
      [
        '**/functions/src/**',
        '**/web/src/**',
        '**/scripts/**',
        '@studio/functions',
        '@studio/functions/*',
        '@studio/web',
        '@studio/web/*',
      ],
      'infra reads declarations from shared; it names handler entry files by path, never imports them.',
    ),
  },
);
