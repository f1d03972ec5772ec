/**
 * The one-off data migration of #33 on AWS: every job made of uploaded photos before images existed
 * gets them (its photos become images, its finished files versions; docs/data-model.md patterns 74
 * and 75, docs/decisions/images.md "Migration"):
 *
 *   npm run migrate -- [--stage prod] [--region eu-west-1] [--table <name>]
 *
 * Reads the table's name from the data stack (`RetouchStudio-<stage>-Data`, output TableName)
 * unless `--table` names it, then runs the same code as the files worker and `npm start`, with the
 * AWS SDK and the caller's credentials. Idempotent and resumable: it saves where it is after each
 * page of jobs, every step of a job skips what is done, and once finished it is a no-op. Jobs
 * created meanwhile need nothing: a job made of an older upload is migrated by the files worker
 * when it is created, or when its images are first read.
 *
 * Needs credentials allowed to describe the data stack and to read and write the table.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { handlerEnvNames } from '@studio/shared/platform';

const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'prod' },
    region: { type: 'string' },
    table: { type: 'string' },
  },
  strict: true,
});
if (values.region) process.env.AWS_REGION = values.region;

let table = values.table;
if (!table) {
  const stackName = `RetouchStudio-${values.stage}-Data`;
  const described = await new CloudFormationClient({ region: values.region }).send(
    new DescribeStacksCommand({ StackName: stackName }),
  );
  table = described.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'TableName')?.OutputValue;
  if (!table) throw new Error(`${stackName} has no TableName output: deploy the stack first, or pass --table.`);
}

// The handlers' configuration is validated whole; the migration touches the table only.
Object.assign(process.env, {
  [handlerEnvNames.tableName]: table,
  ...Object.fromEntries(
    Object.values(handlerEnvNames)
      .filter((name) => name !== handlerEnvNames.tableName && !process.env[name])
      .map((name) => [name, 'unused-by-the-migration']),
  ),
  [handlerEnvNames.logLevel]: 'info',
});

const { runImageMigration } = await import('../functions/src/data/image-migration.ts');
const started = Date.now();
const state = await runImageMigration({
  log: (message, fields) => console.log(JSON.stringify({ msg: message, ...fields })),
});
console.log(
  `Images migration ${state.status}: ${state.jobs} job(s), ${state.imagesMigrated} image(s), ` +
    `${state.versionsMigrated} version(s), ${state.unmatchedFiles} finished file(s) kept as files of their job ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
);
