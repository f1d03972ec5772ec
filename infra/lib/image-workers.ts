import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { StudioFunction } from './constructs/group-function.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { repoRoot } from './paths.ts';
import { grantTableData } from './table-access.ts';

/*
 * The background functions of images (#33, docs/decisions/images.md): the preview worker, and what
 * the files worker needs for archives in volumes (starting its own volume runs, the alarm on a
 * FAILED volume, which the monitoring stack holds).
 */

export const previewWorkerEntry = join(repoRoot, 'functions', 'src', 'workers', 'preview-worker.ts');

/**
 * Runs of the preview worker at once where the account may reserve concurrency (the
 * `reservedConcurrency` setting, as for the site publisher: a new account's quota has none to
 * spare). Lambda queues the asynchronous invocations beyond it (and keeps them up to six hours), so
 * a 5,000-photo upload (50 tasks of 100 files) never takes more than this share of the account's
 * concurrency from the API. Without the setting the worker shares the account's pool.
 */
export const previewWorkerConcurrency = 10;

/**
 * The preview worker: 400 px previews of confirmed photos and finished files, up to 100 a task,
 * started by the routes that confirm files (`lambda:InvokeFunction`, asynchronous). Memory for
 * sharp decoding a 500 MB TIFF; 5 minutes for 100 files. It reads the uploads bucket, writes the
 * previews beside the files, and records them in the table.
 */
export function addPreviewWorker(
  scope: Construct,
  props: { environment: Record<string, string>; table: ITable; uploadsBucket: IBucket; reservedConcurrency?: boolean },
): StudioFunction {
  const worker = new StudioFunction(scope, 'PreviewWorker', {
    entry: previewWorkerEntry,
    description: 'Preview worker: previews of photos and finished files, in the background (#33)',
    roleDescription: 'Runs the preview worker',
    serviceName: 'preview-worker',
    memorySize: 2048,
    timeout: Duration.minutes(5),
    nativeModules: ['sharp'],
    environment: props.environment,
  });
  if (props.reservedConcurrency) {
    (worker.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions = previewWorkerConcurrency;
  }
  grantTableData(props.table, worker.function, 'readWrite');
  props.uploadsBucket.grantRead(worker.function);
  props.uploadsBucket.grantPut(worker.function);
  const reason =
    'The worker reads the photos and finished files of any job and writes their previews under server-chosen keys of the one private uploads bucket; the keys come from the table, never from a request.';
  acknowledgeNagFindings(worker, { 'AwsSolutions-IAM5': reason });
  const imported = Stack.of(scope).resolve(
    Stack.of(props.uploadsBucket).exportValue(props.uploadsBucket.bucketArn),
  ) as {
    'Fn::ImportValue': string;
  };
  const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
  Validations.of(worker).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
  return worker;
}

/**
 * The files worker starts a run of itself per archive volume (it reads its own name from its
 * context): a resource policy lets its role invoke it (a grant on the role would make the function
 * depend on a policy naming the function).
 */
export function allowSelfInvoke(worker: StudioFunction): void {
  worker.function.addPermission('SelfInvoke', {
    principal: worker.function.role!,
    action: 'lambda:InvokeFunction',
  });
}

/**
 * The alarm on a "Download all" volume marked FAILED (#33: the files worker's
 * `ArchiveVolumesFailed`, service=worker), to the operators' topic. A failed run of the preview or
 * files worker has the alarms every worker has (operations-monitoring.ts: errors, dead letters).
 */
export function addArchiveVolumeAlarm(scope: Construct, props: { topic: ITopic; metricsNamespace: string }): Alarm {
  const action = new SnsAction(props.topic);
  const alarm = new Alarm(scope, 'ArchiveVolumesFailedAlarm', {
    alarmDescription:
      'A "Download all" volume was marked FAILED (its run outlived its time or died); asking again rebuilds it.',
    metric: new Metric({
      namespace: props.metricsNamespace,
      metricName: 'ArchiveVolumesFailed',
      dimensionsMap: { service: 'worker' },
      period: Duration.minutes(5),
      statistic: 'Sum',
    }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}
