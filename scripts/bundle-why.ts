/**
 * What makes a Lambda bundle large, from esbuild's metafile (`npm run bench -- --only lambda --why
 * <group>`): bytes per package (or repository folder), the largest files, and for each large
 * package the chain of imports that brought it in, so the next cut can start at the right import.
 */
import type { Metafile } from 'esbuild';

/** `node_modules/@aws-sdk/client-s3/dist-es/x.js` -> `@aws-sdk/client-s3`; repo files -> their folder. */
export function packageOf(input: string): string {
  const nodeModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (nodeModules) {
    // The last node_modules segment names the package actually bundled (nested copies included).
    const all = [...input.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
    return all[all.length - 1]![1]!;
  }
  const slash = input.lastIndexOf('/');
  return slash < 0 ? input : input.slice(0, slash);
}

/** A short name for an input in an import chain. */
function label(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  return at < 0 ? input : input.slice(at + 'node_modules/'.length);
}

export interface BundleBreakdown {
  /** Bytes in the output per package or repository folder, largest first. */
  packages: { name: string; bytes: number }[];
  /** Bytes in the output per input file, largest first. */
  files: { input: string; bytes: number }[];
  /** For each package: the shortest chain of imports from the entry to its first module. */
  chains: Map<string, string[]>;
}

/** Reads a bundle's metafile: what each package and file costs, and how each package came in. */
export function breakDown(metafile: Metafile, entryInput: string): BundleBreakdown {
  const bytesOf = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      bytesOf.set(input, (bytesOf.get(input) ?? 0) + bytesInOutput);
    }
  }
  const packageBytes = new Map<string, number>();
  for (const [input, bytes] of bytesOf) {
    const name = packageOf(input);
    packageBytes.set(name, (packageBytes.get(name) ?? 0) + bytes);
  }
  // Breadth first from the entry, so each package's chain is a shortest one.
  const parent = new Map<string, string | null>([[entryInput, null]]);
  const queue = [entryInput];
  const chains = new Map<string, string[]>();
  while (queue.length > 0) {
    const input = queue.shift()!;
    const name = packageOf(input);
    if (!chains.has(name)) {
      const chain: string[] = [];
      for (let at: string | null = input; at !== null; at = parent.get(at) ?? null) chain.unshift(label(at));
      chains.set(name, chain);
    }
    for (const imported of metafile.inputs[input]?.imports ?? []) {
      if (imported.external || parent.has(imported.path) || !metafile.inputs[imported.path]) continue;
      parent.set(imported.path, input);
      queue.push(imported.path);
    }
  }
  const byBytes = <T extends { bytes: number }>(a: T, b: T) => b.bytes - a.bytes;
  return {
    packages: [...packageBytes].map(([name, bytes]) => ({ name, bytes })).sort(byBytes),
    files: [...bytesOf].map(([input, bytes]) => ({ input, bytes })).sort(byBytes),
    chains,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

/** The report `--why` prints. */
export function whyReport(group: string, totalBytes: number, breakdown: BundleBreakdown, top = 25): string {
  const lines = [`\n${group}: ${kb(totalBytes).trim()} KB minified`, '', '     KB      %  package or folder'];
  for (const { name, bytes } of breakdown.packages.slice(0, top)) {
    lines.push(`${kb(bytes)} ${((bytes / totalBytes) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
  lines.push('', '     KB  largest files');
  for (const { input, bytes } of breakdown.files.slice(0, top)) lines.push(`${kb(bytes)}  ${label(input)}`);
  lines.push('', 'how the largest packages came in (shortest import chain from the handler):');
  for (const { name } of breakdown.packages.slice(0, 12)) {
    const chain = breakdown.chains.get(name);
    if (chain && chain.length > 1) lines.push(`  ${name}:\n      ${chain.join('\n    -> ')}`);
  }
  return lines.join('\n');
}
