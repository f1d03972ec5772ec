/**
 * `npm run doctor`: a read-only preflight of the AWS account against the runbook (docs/deploy.md).
 * It reads the same deployment settings as the CDK app (cdk.json, cdk.context.json, then `-c`
 * arguments), checks each precondition with the AWS SDK and prints what is missing with the step
 * that fixes it. It changes nothing; it reads the Stripe secrets only to tell a placeholder from a
 * key, and prints no secret.
 *
 *   npm run doctor -- -c stage=prod -c domainName=studio.example.com -c hostedZoneId=Z0... [--region eu-west-1]
 *
 * Exit status: 0 when nothing is missing (warnings allowed), 1 when something is, 2 when the
 * settings themselves are wrong.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolveTxt } from 'node:dns/promises';
import path from 'node:path';
import { STSClient } from '@aws-sdk/client-sts';
import { readDeploymentSettings } from '../infra/lib/settings.ts';
import { clientsFor, formatPreflight, runPreflight } from './doctor/preflight.ts';
import { contextFromArguments } from './doctor/context.ts';

const root = path.resolve(import.meta.dirname, '..');

function contextFile(file: string): Record<string, unknown> {
  const full = path.join(root, file);
  if (!existsSync(full)) return {};
  const parsed = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
  return (file === 'cdk.json' ? (parsed.context as Record<string, unknown> | undefined) : parsed) ?? {};
}

let parsed;
try {
  parsed = contextFromArguments(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const context = { ...contextFile('cdk.json'), ...contextFile('cdk.context.json'), ...parsed.context };
const read = (name: string): string | undefined => {
  const value = context[name];
  if (value === undefined || value === null || value === '') return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
};

// The region as the CDK CLI would take it: --region, else the environment or the profile's.
let region = parsed.region ?? process.env.CDK_DEFAULT_REGION;
if (!region) {
  try {
    region = await new STSClient({}).config.region();
  } catch {
    region = undefined;
  }
}

let settings;
try {
  settings = readDeploymentSettings(read, region);
} catch (error) {
  console.error(`The deployment settings are wrong: ${(error as Error).message}`);
  process.exit(2);
}

const lookupTxt = async (name: string): Promise<string[][]> => {
  try {
    return await resolveTxt(name);
  } catch (error) {
    if (['ENOTFOUND', 'ENODATA'].includes((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
};

const preflight = await runPreflight(settings, (at) => clientsFor(at, lookupTxt));
console.log(formatPreflight(preflight, settings.stage));
process.exit(preflight.results.some((result) => result.status === 'missing') ? 1 : 0);
