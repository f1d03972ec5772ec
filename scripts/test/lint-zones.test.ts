import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, as `npm run lint` runs it; the files need not exist.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'studio/web-import-zones')
    .map((message) => message.message);
}

describe('web import zones (eslint)', () => {
  it('refuses a feature importing another feature, whatever the depth or the kind of import', async () => {
    expect(await zoneErrors('web/src/features/a/x.ts', "import { y } from '../b/y.ts';\nexport { y };\n")).toEqual([
      expect.stringContaining('a feature does not import another feature (a -> b)'),
    ]);
    const deep = [
      "import type { Y } from '../../b/api/y.ts';",
      "export { z } from '../../b/components/z.tsx';",
      "export const load = () => import('../../b/components/w.tsx');",
      'export type { Y };',
    ].join('\n');
    expect(await zoneErrors('web/src/features/a/components/x.tsx', deep)).toHaveLength(3);
  });

  it('refuses components/ and lib/ importing a feature, and a feature importing app/', async () => {
    const fromComponents = await zoneErrors(
      'web/src/components/x.tsx',
      "import { useServices } from '../features/services/api/get-services.ts';\nexport { useServices };\n",
    );
    expect(fromComponents).toEqual([expect.stringContaining('components/ imports no feature (services)')]);
    const fromLib = await zoneErrors(
      'web/src/lib/x.ts',
      "export { leadKeys } from '../features/staff-leads/api/keys.ts';\n",
    );
    expect(fromLib).toEqual([expect.stringContaining('lib/ imports no feature (staff-leads)')]);
    const toApp = await zoneErrors(
      'web/src/features/a/components/x.tsx',
      "export { paths } from '../../../app/router.tsx';\n",
    );
    expect(toApp).toEqual([expect.stringContaining('a feature does not import app/')]);
  });

  it('lets a feature use its own files, components/, lib/, config/ and packages; app/ use anything', async () => {
    const feature = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { DataTable } from '../../../components/data-table.tsx';",
      "import { apiErrorText } from '../../../lib/api-error-text.ts';",
      "import { paths } from '../../../config/paths.ts';",
      "import { leadKeys } from '../api/keys.ts';",
      "import { Row } from './row.tsx';",
      'export { useQuery, DataTable, apiErrorText, paths, leadKeys, Row };',
    ].join('\n');
    expect(await zoneErrors('web/src/features/a/components/x.tsx', feature)).toEqual([]);
    const app = [
      "import { ContactLeads } from '../../../features/staff-leads/components/contact-leads.tsx';",
      "import { useServices } from '../../../features/services/api/get-services.ts';",
      'export { ContactLeads, useServices };',
    ].join('\n');
    expect(await zoneErrors('web/src/app/routes/staff/x.tsx', app)).toEqual([]);
  });

  it('fails the lint run (errors, not warnings), as CI runs it', async () => {
    const [result] = await eslint.lintText("import { y } from '../b/y.ts';\nexport { y };\n", {
      filePath: 'web/src/features/a/x.ts',
    });
    expect(result?.errorCount).toBe(1);
  });
});
