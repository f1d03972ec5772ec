/**
 * The payments bundle keeps only the `stripe` resources its handlers call (`stripeResourcesCalled`,
 * infra/lib/bundle-settings.ts); every other resource is an empty class there. The local stack and
 * the other tests load the whole SDK, so a call to a resource missing from the list would only fail
 * once deployed: this reads every `stripe.<resource>.<method>(` call of the functions' code and
 * checks its resource is kept. (The deployed-bundle test runs a checkout through the trimmed SDK.)
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripeResourcesCalled } from '../../../infra/lib/bundle-settings.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const resourcesDir = path.join(repoRoot, 'node_modules', 'stripe', 'esm', 'resources');

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(file)));
    else if (entry.name.endsWith('.ts')) found.push(file);
  }
  return found;
}

/** `stripe.checkout.sessions.create(` -> `Checkout/Sessions.js`; the webhook helper is no resource. */
async function resourcesCalled(): Promise<Set<string>> {
  const called = new Set<string>();
  for (const file of await sourceFiles(path.join(repoRoot, 'functions', 'src'))) {
    const source = await readFile(file, 'utf8');
    for (const [, chain] of source.matchAll(/\bstripe((?:\.\w+){2,})\(/g)) {
      const names = chain!.slice(1).split('.').slice(0, -1);
      if (names[0] === 'webhooks') continue;
      called.add(names.map((name) => name[0]!.toUpperCase() + name.slice(1)).join('/') + '.js');
    }
  }
  return called;
}

describe('the stripe resources kept in the payments bundle', () => {
  it('include every resource the handlers call, and name real resource files', async () => {
    const called = await resourcesCalled();
    // The checkout (start-checkout.ts) and the refund (refund-job.ts) at least.
    expect([...called]).toEqual(expect.arrayContaining(['Checkout/Sessions.js', 'Refunds.js']));
    for (const resource of called) expect(stripeResourcesCalled).toContain(resource);
    for (const resource of stripeResourcesCalled) expect(existsSync(path.join(resourcesDir, resource))).toBe(true);
  });
});
