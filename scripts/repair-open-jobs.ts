/**
 * The one-off repair of the open-jobs index (docs/deploy.md, "After a deployment that adds an
 * index"): reads every job of the deployed table and writes the open-jobs keys of those whose keys
 * disagree with their status and due time (jobs stored before the index existed); then writes the
 * search items of every job (job search, #40: jobs stored before it have none), and counts every job,
 * image version and delivered file in the overview's figures (#40 item 9). The hourly run
 * only reads the jobs changed since its last run, so old jobs are listed on /manager's board once
 * this has run. Safe to run again, and while the site is in use: a job changed meanwhile is left to
 * its writer. Last, it moves the jobs ordered before organisations (#35) to their clients' personal
 * organisations (made as needed).
 *
 *   npm run repair-open-jobs -- [--stage prod] [--region eu-west-1]
 *
 * The table and the rest of the handler settings come from the outputs of the deployed
 * `RetouchStudio-<stage>-Data` stack (AWS credentials from the usual chain). `npm start` runs the
 * same repair by itself when it adds the index to a local table.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { handlerEnvNames } from '@studio/shared/platform';
import type * as JobOpenIndex from '../functions/src/data/job-open-index.ts';
import type * as JobSearch from '../functions/src/data/job-search.ts';
import type * as OverviewFigures from '../functions/src/data/overview-figures.ts';
import type * as JobNeeds from '../functions/src/data/job-needs.ts';
import type * as OrganisationMigration from '../functions/src/data/organisation-migration.ts';

const usage = 'Usage: npm run repair-open-jobs -- [--stage <stage>] [--region <region>]';

const { values } = parseArgs({
  options: { stage: { type: 'string', default: 'prod' }, region: { type: 'string' } },
  strict: true,
});

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
if (!region) fail('Give the region of the deployment with --region (or set AWS_REGION).');
const stackName = `RetouchStudio-${values.stage}-Data`;

// The handler settings config() validates, from the data stack's outputs.
const outputsFor: Record<string, string> = {
  [handlerEnvNames.tableName]: 'TableName',
  [handlerEnvNames.mediaBucket]: 'MediaBucketName',
  [handlerEnvNames.uploadsBucket]: 'UploadsBucketName',
  [handlerEnvNames.applicationsBucket]: 'ApplicationsBucketName',
  [handlerEnvNames.userPoolId]: 'UserPoolId',
  [handlerEnvNames.siteClientId]: 'SiteClientId',
  [handlerEnvNames.staffClientId]: 'StaffClientId',
};

let outputs: Record<string, string>;
try {
  const described = await new CloudFormationClient({ region }).send(
    new DescribeStacksCommand({ StackName: stackName }),
  );
  outputs = Object.fromEntries(
    (described.Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']),
  );
} catch (error) {
  fail(`Could not read the stack ${stackName} in ${region}: ${(error as Error).message}`);
}
for (const [variable, output] of Object.entries(outputsFor)) {
  const value = outputs[output];
  if (!value) fail(`The stack ${stackName} has no output ${output}: is it deployed, and the stage right?`);
  process.env[variable] = value;
}
process.env.AWS_REGION = region;
process.env[handlerEnvNames.logLevel] = 'warn';

// Loaded once the environment is set: the data module reads it when it first runs.
const repairFile = path.join(import.meta.dirname, '..', 'functions', 'src', 'data', 'job-open-index.ts');
const { repairOpenJobsIndex } = (await import(pathToFileURL(repairFile).href)) as typeof JobOpenIndex;

console.log(`Reading every job of ${outputs.TableName} (${stackName}, ${region})...`);
const started = Date.now();
const result = await repairOpenJobsIndex({
  onPage: (progress) => console.log(`  ${progress.checked} jobs read, ${progress.repaired.length} put right`),
});
console.log(
  `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.checked} jobs read, ${result.repaired.length} put right in the open-jobs index.`,
);

// The search items of job search (#40), which jobs stored before it lack: written for every job
// (a put writes what the job's creation writes), then recorded as done.
const searchFile = path.join(import.meta.dirname, '..', 'functions', 'src', 'data', 'job-search.ts');
const { repairJobSearchItems, recordJobSearchRepair } = (await import(
  pathToFileURL(searchFile).href
)) as typeof JobSearch;
console.log('Writing the search items of every job...');
const searchStarted = Date.now();
const search = await repairJobSearchItems();
await recordJobSearchRepair(search);
console.log(
  `Done in ${((Date.now() - searchStarted) / 1000).toFixed(1)} s: ${search.checked} jobs read, ${search.written} search items written.`,
);

// The overview's figures (#40 item 9): the jobs, image versions and delivered files stored before
// the figures projector, counted as they are now (an item the projector counted already adds nothing).
const figuresFile = path.join(import.meta.dirname, '..', 'functions', 'src', 'data', 'overview-figures.ts');
const { backfillFigures } = (await import(pathToFileURL(figuresFile).href)) as typeof OverviewFigures;
console.log("Counting every job, image version and delivered file in the overview's figures...");
const figuresStarted = Date.now();
const figures = await backfillFigures({
  onPage: (progress) => console.log(`  ${progress.checked} items read, ${progress.applied} counted`),
});
console.log(
  `Done in ${((Date.now() - figuresStarted) / 1000).toFixed(1)} s: ${figures.checked} items read, ${figures.applied} counted.`,
);

// The markers of what needs action (#40, item 9), which jobs stored before it lack: put right for
// every job, then recorded as done.
const needsFile = path.join(import.meta.dirname, '..', 'functions', 'src', 'data', 'job-needs.ts');
const { repairNeedsMarkers, recordNeedsMarkerRepair } = (await import(
  pathToFileURL(needsFile).href
)) as typeof JobNeeds;
console.log('Putting right the markers of what needs action of every job...');
const needsStarted = Date.now();
const needs = await repairNeedsMarkers({
  onPage: (progress) => console.log(`  ${progress.checked} jobs read, ${progress.repaired.length} put right`),
});
await recordNeedsMarkerRepair(needs);
console.log(
  `Done in ${((Date.now() - needsStarted) / 1000).toFixed(1)} s: ${needs.checked} jobs read, ${needs.repaired.length} put right.`,
);

// Organisations (#35): every job ordered before them goes to its client's personal organisation
// (made as needed); a job moved already is left as it is.
const organisationsFile = path.join(import.meta.dirname, '..', 'functions', 'src', 'data', 'organisation-migration.ts');
const { migrateJobsToOrganisations } = (await import(
  pathToFileURL(organisationsFile).href
)) as typeof OrganisationMigration;
console.log("Moving the jobs ordered before organisations to their clients' personal organisations...");
const organisationsStarted = Date.now();
const organisations = await migrateJobsToOrganisations({
  onPage: (progress) =>
    console.log(`  ${progress.checked} jobs without an organisation read, ${progress.moved.length} moved`),
});
console.log(
  `Done in ${((Date.now() - organisationsStarted) / 1000).toFixed(1)} s: ${organisations.checked} jobs read, ${organisations.moved.length} moved.`,
);
