import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { handlerEnvNames, stripeEnvNames } from '@studio/shared/platform';
import { routeGroups, routeList, type RouteGroup } from '@studio/shared/routes';
import { webhookEnvNames } from '@studio/shared/webhooks';
import { filesWorkerEntry } from './bundle-settings.ts';
import { GroupFunction, StudioFunction } from './constructs/group-function.ts';
import { groupGrants, type GroupGrants } from './group-grants.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { grantTableData } from './table-access.ts';

export interface GroupFunctionsProps {
  /** Handler configuration; see `handlerEnvNames` and `operationsEnvNames` in shared. */
  readonly environment: Record<string, string>;
  readonly table: ITable;
  /** Absent in the LocalStack free profile, which has no Cognito: no group gets a pool grant. */
  readonly userPool?: IUserPool;
  readonly mediaBucket: IBucket;
  readonly uploadsBucket: IBucket;
  readonly applicationsBucket: IBucket;
  /** The origin header's secret every function reads (functions/src/lib/origin-guard.ts). */
  readonly originSecret: ISecret;
  /** The files worker the groups granted `filesWorker` start (see addFilesWorker). */
  readonly filesWorker: IFunction;
  /** The preview worker the groups granted `previewWorker` start (#33, image-workers.ts). */
  readonly previewWorker: IFunction;
  /**
   * Stripe's secret key and webhook signing secret (#16): read by the groups granted
   * `stripeSecrets`, whose environment gets the secrets' ARNs (never the keys).
   */
  readonly stripeSecrets?: { readonly secretKey: ISecret; readonly webhookSecret: ISecret };
  /** The webhook delivery queue (#36) the groups granted `webhookQueue` send to. */
  readonly webhookQueue?: IQueue;
  /** Settings of one group's function only, beside `environment`. */
  readonly groupEnvironment?: { readonly [G in RouteGroup]?: Record<string, string> };
}

/** Multipart part size of the worker's archives: 20 GB is about 1,200 parts (S3 allows 10,000). */
export const archivePartBytes = 16 * 1024 * 1024;

/**
 * The files worker (issue 15): streams a job's files into one zip and re-tags a new job's photos.
 * Minutes of network work, so Lambda's longest timeout, and memory for the network share and the
 * parts in flight (measured: `npm run bench -- --only archive`). It reads any job's files and
 * writes archives and tags in the uploads bucket, and reads and writes the table; nothing else.
 */
export function addFilesWorker(
  scope: Construct,
  props: Pick<GroupFunctionsProps, 'environment' | 'table' | 'uploadsBucket'>,
): StudioFunction {
  const { uploadsBucket } = props;
  const worker = new StudioFunction(scope, 'FilesWorker', {
    entry: filesWorkerEntry,
    description: 'Background worker: job file archives and keeping job photos',
    roleDescription: 'Runs the files worker',
    serviceName: 'files-worker',
    memorySize: 2048,
    timeout: Duration.minutes(15),
    nativeModules: [],
    environment: { ...props.environment, ARCHIVE_PART_BYTES: String(archivePartBytes) },
  });
  grantTableData(props.table, worker.function, 'readWrite');
  uploadsBucket.grantRead(worker.function);
  uploadsBucket.grantPut(worker.function);
  // Lambda's defaults for asynchronous runs hold: a failed run is retried twice, an event is kept up
  // to six hours; every task is safe to run again.
  const reason =
    'The worker reads the files of any job and writes archives and tags under server-chosen keys of the one private uploads bucket; the keys come from the table, never from a request.';
  acknowledgeNagFindings(worker, { 'AwsSolutions-IAM5': reason });
  const imported = Stack.of(scope).resolve(Stack.of(uploadsBucket).exportValue(uploadsBucket.bucketArn)) as {
    'Fn::ImportValue': string;
  };
  const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
  Validations.of(worker).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
  return worker;
}

/**
 * Acknowledges the IAM5 finding cdk-nag reports on `scope` only after synthesis has turned `arn`, of
 * another stack, into a cross-stack import: its id names that export, so it is spelled here (both
 * forms: the synthesis-time plugin reports under its namespace, a direct check without).
 */
function acknowledgeImportedWildcard(
  scope: Construct,
  arn: { stack: Stack; value: string; suffix: string },
  reason: string,
): void {
  if (Stack.of(scope) === arn.stack) return;
  const imported = Stack.of(scope).resolve(arn.stack.exportValue(arn.value)) as { 'Fn::ImportValue': string };
  const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}${arn.suffix}]`;
  Validations.of(scope).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
}

function pascalCase(group: string): string {
  return group.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/**
 * One function per route group in `scope` (every group, or those given), each granted exactly what
 * group-grants.ts lists (plus the table, read-only for groups that only serve GETs, and the origin
 * secret).
 */
export function addGroupFunctions<G extends RouteGroup = RouteGroup>(
  scope: Construct,
  props: GroupFunctionsProps,
  groups: readonly G[] = routeGroups as readonly RouteGroup[] as readonly G[],
): Record<G, IFunction> {
  const {
    environment,
    table,
    userPool,
    mediaBucket,
    uploadsBucket,
    applicationsBucket,
    originSecret,
    stripeSecrets,
    groupEnvironment,
  } = props;
  const functions = {} as Record<G, IFunction>;
  for (const group of groups) {
    const grants: GroupGrants = groupGrants[group] ?? {};
    const stripe = grants.stripeSecrets ? stripeSecrets : undefined;
    // The webhook's signing secret only for the group that verifies webhooks (payments).
    const webhookSecret = grants.stripeSecrets === 'read' ? stripe?.webhookSecret : undefined;
    const groupFunction = new GroupFunction(scope, `${pascalCase(group)}Function`, {
      group,
      environment: {
        ...environment,
        ...groupEnvironment?.[group],
        ...(grants.filesWorker ? { [handlerEnvNames.filesWorkerFunction]: props.filesWorker.functionName } : {}),
        ...(grants.previewWorker ? { [handlerEnvNames.previewWorkerFunction]: props.previewWorker.functionName } : {}),
        ...(grants.webhookQueue && props.webhookQueue
          ? { [webhookEnvNames.queueUrl]: props.webhookQueue.queueUrl }
          : {}),
        ...(stripe
          ? {
              [stripeEnvNames.secretKeyArn]: stripe.secretKey.secretArn,
              ...(webhookSecret ? { [stripeEnvNames.webhookSecretArn]: webhookSecret.secretArn } : {}),
            }
          : {}),
      },
    });
    const { function: fn } = groupFunction;
    functions[group] = fn;

    // A group that only serves GETs cannot write, whatever its code does.
    const readOnly = routeList.filter((route) => route.group === group).every((route) => route.method === 'GET');
    grantTableData(table, fn, readOnly ? 'read' : 'readWrite');
    originSecret.grantRead(fn);
    if (stripe) stripe.secretKey.grantRead(fn);
    if (webhookSecret) webhookSecret.grantRead(fn);

    // The workers a group starts: lambda:InvokeFunction on each (CDK grants its versions too).
    const started = [
      { grant: grants.filesWorker, worker: props.filesWorker, name: 'files worker' },
      { grant: grants.previewWorker, worker: props.previewWorker, name: 'preview worker' },
    ];
    for (const { grant, worker, name } of started) {
      if (grant !== 'invoke') continue;
      worker.grantInvoke(fn);
      const reason = `lambda:InvokeFunction on the ${name} and its versions (<arn>:*), which CDK grants together; no other function.`;
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      acknowledgeImportedWildcard(
        groupFunction,
        { stack: worker.stack, value: worker.functionArn, suffix: ':*' },
        reason,
      );
    }
    // Absent in the LocalStack free profile (no workers stack): the test event then answers 500.
    if (grants.webhookQueue === 'send') props.webhookQueue?.grantSendMessages(fn);
    if (grants.userPool?.length && userPool) userPool.grant(fn, ...grants.userPool);
    if (grants.mediaBucket === 'read') mediaBucket.grantRead(fn);
    if (grants.mediaBucket === 'readWrite') mediaBucket.grantReadWrite(fn);
    if (grants.uploadsBucket === 'put') uploadsBucket.grantPut(fn);
    if (grants.uploadsBucket === 'read') uploadsBucket.grantRead(fn);
    if (grants.uploadsBucket === 'readWrite') uploadsBucket.grantReadWrite(fn);
    if (grants.uploadsBucket) {
      const reason =
        'Upload keys are chosen per request (client-uploads/<userId>/<uploadId>/<id>), so the grant covers the objects of the one private uploads bucket; the handler scopes every key and prefix to the caller.';
      // Action wildcards (s3:Abort*, s3:List*...) as reported now; the object wildcard is reported
      // only after synthesis turns the bucket ARN into a cross-stack import, so it is spelled here
      // with the name of that export.
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      const arn = { stack: Stack.of(uploadsBucket), value: uploadsBucket.bucketArn, suffix: '/*' };
      acknowledgeImportedWildcard(groupFunction, arn, reason);
    }
    if (grants.applicationsBucket === 'readWrite') {
      applicationsBucket.grantReadWrite(fn);
      const reason =
        'Applicant documents get a server-chosen key per upload (uploads/<id>.<ext>, applications/<applicationId>/...), so the grant covers the objects of the one private applications bucket, which only this function can reach.';
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      const arn = { stack: Stack.of(applicationsBucket), value: applicationsBucket.bucketArn, suffix: '/*' };
      acknowledgeImportedWildcard(groupFunction, arn, reason);
    }
    if (grants.mediaBucket) {
      // Issue 5 part B: `images` publishes catalogue images.
      const reason =
        'Catalogue images get a server-chosen key per upload (media/images/<id>.<ext> and its variants), so the grant covers the objects of the public media bucket; handlers only check or write keys they generate.';
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      const arn = { stack: Stack.of(mediaBucket), value: mediaBucket.bucketArn, suffix: '/*' };
      acknowledgeImportedWildcard(groupFunction, arn, reason);
    }
  }
  return functions;
}
