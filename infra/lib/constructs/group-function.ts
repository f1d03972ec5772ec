import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteGroup } from '@studio/shared/routes';
import { bundleEntryFile, nativeModules } from '../bundle-settings.ts';
import { groupEntry } from '../paths.ts';
import { bundledCode } from './bundled-code.ts';

/** Every group function's description starts with this, so tests and dashboards can tell them apart. */
export const groupFunctionDescriptionPrefix = 'API route group';

export interface GroupFunctionProps {
  readonly group: RouteGroup;
  /** Handler configuration; see `handlerEnvNames` in shared. */
  readonly environment: Record<string, string>;
}

/**
 * The Lambda function of one route group: `functions/src/<group>/handler.ts`, bundled locally by
 * esbuild (no Docker) as one minified ESM file with the AWS SDK inside (the versions
 * functions/package.json pins, not whatever the runtime ships), traced by X-Ray. The code is
 * `bundledCode`'s (esbuild's API with the plugins of bundle-plugins.ts, not NodejsFunction).
 */
export class GroupFunction extends Construct {
  readonly function: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log
    // group in the account, this one only to the function's own.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${props.group} route group`,
    });
    this.logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: `${groupFunctionDescriptionPrefix} ${props.group}`,
      code: bundledCode({
        entry: groupEntry(props.group),
        routeGroup: props.group,
        nativeModules: nativeModules[props.group] ?? [],
      }),
      handler: `${bundleEntryFile.replace(/\.mjs$/, '')}.handler`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // Resizing a large upload into six variants needs more memory (and so CPU) and time than a
      // DynamoDB round trip; 28 s stays inside API Gateway's 30 s integration limit.
      memorySize: props.group in nativeModules ? 1536 : 512,
      timeout: Duration.seconds(props.group in nativeModules ? 28 : 10),
      role,
      logGroup: this.logGroup,
      // Active tracing: X-Ray samples requests and records the invocation, init and overhead.
      tracing: Tracing.ACTIVE,
      environment: {
        ...props.environment,
        // The bundles ship linked source maps (sources left out), so stack traces name file and line.
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    // Active tracing grants xray:PutTraceSegments and PutTelemetryRecords, which take no resource.
    const xrayReason =
      'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so their resource is *.';
    Validations.of(this).acknowledge(
      { id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]', reason: xrayReason },
      { id: 'AwsSolutions-IAM5[Resource::*]', reason: xrayReason },
    );
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the handlers are built and tested for (see ARCHITECTURE.md: code must run on Node 20 locally and 22 on Lambda); moving to a newer runtime is a deliberate upgrade, not a synth default.',
    });
  }
}
