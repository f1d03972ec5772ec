/** The bench's `--why` report: bytes per package and the import chain that brought each in. */
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { breakDown, packageOf, whyReport } from '../bundle-why.ts';

describe('bundle breakdown', () => {
  it('names the package of a bundled file, scoped, nested or from the repository', () => {
    expect(packageOf('node_modules/@aws-sdk/client-s3/dist-es/S3Client.js')).toBe('@aws-sdk/client-s3');
    expect(packageOf('node_modules/mnemonist/lru-cache.js')).toBe('mnemonist');
    expect(packageOf('node_modules/a/node_modules/@x/b/index.js')).toBe('@x/b');
    expect(packageOf('functions/src/lib/s3.ts')).toBe('functions/src/lib');
  });

  it('adds up bytes per package and finds the shortest import chain to each', () => {
    const imports = (...paths: string[]) => paths.map((path) => ({ path, kind: 'import-statement' as const }));
    const input = (...paths: string[]) => ({ bytes: 0, imports: imports(...paths) });
    const metafile: Metafile = {
      inputs: {
        'functions/src/g/handler.ts': input('functions/src/g/route.ts', 'functions/src/lib/s3.ts'),
        'functions/src/g/route.ts': input('functions/src/lib/s3.ts'),
        'functions/src/lib/s3.ts': input('node_modules/@aws-sdk/client-s3/dist-es/index.js'),
        'node_modules/@aws-sdk/client-s3/dist-es/index.js': input('node_modules/@aws-sdk/client-s3/dist-es/big.js'),
        'node_modules/@aws-sdk/client-s3/dist-es/big.js': input(),
      },
      outputs: {
        'index.mjs': {
          bytes: 3000,
          imports: [],
          exports: [],
          entryPoint: 'functions/src/g/handler.ts',
          inputs: {
            'functions/src/g/handler.ts': { bytesInOutput: 100 },
            'functions/src/g/route.ts': { bytesInOutput: 100 },
            'functions/src/lib/s3.ts': { bytesInOutput: 300 },
            'node_modules/@aws-sdk/client-s3/dist-es/index.js': { bytesInOutput: 500 },
            'node_modules/@aws-sdk/client-s3/dist-es/big.js': { bytesInOutput: 2000 },
          },
        },
      },
    };
    const breakdown = breakDown(metafile, 'functions/src/g/handler.ts');
    expect(breakdown.packages).toEqual([
      { name: '@aws-sdk/client-s3', bytes: 2500 },
      { name: 'functions/src/lib', bytes: 300 },
      { name: 'functions/src/g', bytes: 200 },
    ]);
    expect(breakdown.files[0]).toEqual({ input: 'node_modules/@aws-sdk/client-s3/dist-es/big.js', bytes: 2000 });
    // Straight from the handler to lib/s3.ts, not through route.ts.
    expect(breakdown.chains.get('@aws-sdk/client-s3')).toEqual([
      'functions/src/g/handler.ts',
      'functions/src/lib/s3.ts',
      '@aws-sdk/client-s3/dist-es/index.js',
    ]);
    const report = whyReport('g', 3000, breakdown);
    expect(report).toContain('@aws-sdk/client-s3');
    expect(report).toMatch(/2\.4\s+83\.3%\s+@aws-sdk\/client-s3/);
  });
});
