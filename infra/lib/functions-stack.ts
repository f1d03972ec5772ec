import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { handlerEnvNames, operationsEnvNames } from '@studio/shared/platform';
import type { HandlerLogLevel } from './app-stack.ts';
import type { DataStack } from './data-stack.ts';
import { addFilesWorker, addGroupFunctions } from './group-functions.ts';
import { addPreviewWorker } from './image-workers.ts';
import { metricsNamespaceOf } from './settings.ts';

export interface FunctionsStackProps extends StackProps {
  readonly data: Pick<DataStack, 'table' | 'mediaBucket' | 'uploadsBucket' | 'applicationsBucket'>;
  readonly logLevel: HandlerLogLevel;
  readonly stage: string;
}

/** What the functions are told in place of the user pool the free edition cannot create. */
export const noUserPool = 'not-deployed-localstack-free';

/**
 * The LocalStack free profile (`-c profile=localstack-free`): the route group functions exactly as
 * the app stack builds them (same bundles, roles and table and bucket grants) and the origin
 * secret, without what the free edition lacks: no user pool (routes that call Cognito fail), no
 * HTTP API (invoke a function with an API Gateway v2 event, carrying the origin header), no CDN,
 * firewall, alarms or budget.
 */
export class FunctionsStack extends Stack {
  constructor(scope: Construct, id: string, props: FunctionsStackProps) {
    const { data, logLevel, stage, ...stackProps } = props;
    super(scope, id, stackProps);

    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Value of the x-origin-verify header the functions require (LocalStack profile)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A LocalStack development profile: nothing to rotate.',
    });
    const environment = {
      [handlerEnvNames.tableName]: data.table.tableName,
      [handlerEnvNames.mediaBucket]: data.mediaBucket.bucketName,
      [handlerEnvNames.uploadsBucket]: data.uploadsBucket.bucketName,
      [handlerEnvNames.applicationsBucket]: data.applicationsBucket.bucketName,
      [handlerEnvNames.userPoolId]: noUserPool,
      [handlerEnvNames.siteClientId]: noUserPool,
      [handlerEnvNames.staffClientId]: noUserPool,
      [handlerEnvNames.logLevel]: logLevel,
      [operationsEnvNames.originSecretArn]: originSecret.secretArn,
      [operationsEnvNames.metricsNamespace]: metricsNamespaceOf(stage),
    };
    const filesWorker = addFilesWorker(this, {
      environment,
      table: data.table,
      uploadsBucket: data.uploadsBucket,
    });
    // No self-invoke permission for the files worker's volume runs: LocalStack's free edition
    // deploys no AWS::Lambda::Permission, and enforces no IAM unless asked to.
    const previewWorker = addPreviewWorker(this, { environment, table: data.table, uploadsBucket: data.uploadsBucket });
    const functions = addGroupFunctions(this, {
      filesWorker: filesWorker.function,
      previewWorker: previewWorker.function,
      environment,
      table: data.table,
      mediaBucket: data.mediaBucket,
      uploadsBucket: data.uploadsBucket,
      applicationsBucket: data.applicationsBucket,
      originSecret,
    });
    for (const [group, fn] of Object.entries(functions)) {
      new CfnOutput(this, `${group.replace(/[^A-Za-z0-9]/g, '')}FunctionName`, { value: fn.functionName });
    }
    new CfnOutput(this, 'OriginSecretArn', { value: originSecret.secretArn });
  }
}
