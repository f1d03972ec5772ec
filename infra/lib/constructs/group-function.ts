import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { operationsEnvNames, type StreamConsumerName } from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';
import { bundleEntryFile, consumerSource, nativeModules } from '../bundle-settings.ts';
import { groupEntry } from '../paths.ts';
import { logRetention } from '../retention.ts';
import { bundledCode } from './bundled-code.ts';

/** Every group function's description starts with this, so tests and dashboards can tell them apart. */
export const groupFunctionDescriptionPrefix = 'API route group';

/** Every stream consumer's description starts with this. */
/**
 * The share of invocations each function logs at DEBUG whatever its log level (Powertools'
 * sampling, functions/src/lib/observability.ts): a few full traces of ordinary requests to compare
 * a failing one with, at little cost in log volume.
 */
export const logSampleRate = 0.01;

export const streamConsumerDescriptionPrefix = 'Stream consumer';

export interface GroupFunctionProps {
  readonly group: RouteGroup;
  /** Handler configuration; see `handlerEnvNames` in shared. */
  readonly environment: Record<string, string>;
}

export interface StreamConsumerFunctionProps {
  readonly consumer: StreamConsumerName;
  /** Handler configuration, plus the consumer's own settings. */
  readonly environment: Record<string, string>;
  /** Long enough for its batch and its pauses between tries. */
  readonly timeout: Duration;
}

export interface StudioFunctionProps {
  /** The TypeScript file exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  /** What the role says it runs. */
  readonly roleDescription: string;
  /** The `service` of its log lines and traces (`api` for every route group: lines name the group). */
  readonly serviceName: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Native modules installed next to the bundle (kept out of it), built for linux-arm64. */
  readonly nativeModules: readonly string[];
  readonly environment: Record<string, string>;
  /**
   * The route group the handler serves: its bundle then carries the package files the group reads (bundle-settings.ts `packageFiles`: the invoice's fonts).
   */
  readonly routeGroup?: RouteGroup;
}

/**
 * A function of the app (a route group's, a stream consumer's or a background worker's), with its
 * own role and log group, traced by X-Ray. Its code is `bundledCode`'s: esbuild's API with the
 * settings of bundle-settings.ts (not NodejsFunction), one minified ESM entry with the AWS SDK inside
 * (the versions functions/package.json pins, not whatever the runtime ships), rare routes' heavy
 * modules in lazy chunks.
 */
export class StudioFunction extends Construct {
  readonly function: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: StudioFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log
    // group in the account, this one only to the function's own.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.roleDescription,
    });
    this.logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: props.description,
      code: bundledCode({
        entry: props.entry,
        ...(props.routeGroup ? { routeGroup: props.routeGroup } : {}),
        nativeModules: props.nativeModules,
      }),
      handler: `${bundleEntryFile.replace(/\.mjs$/, '')}.handler`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role,
      logGroup: this.logGroup,
      // Active tracing: X-Ray samples requests and records the invocation, init and overhead.
      tracing: Tracing.ACTIVE,
      environment: {
        ...props.environment,
        [operationsEnvNames.serviceName]: props.serviceName,
        [operationsEnvNames.logSampleRate]: String(logSampleRate),
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

/** The Lambda function of one route group: `functions/src/<group>/handler.ts`. */
export class GroupFunction extends StudioFunction {
  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id, {
      entry: groupEntry(props.group),
      description: `${groupFunctionDescriptionPrefix} ${props.group}`,
      roleDescription: `Runs the ${props.group} route group`,
      serviceName: 'api',
      // Resizing a large upload into six variants needs more memory (and so CPU) and time than a
      // DynamoDB round trip; 28 s stays inside API Gateway's 30 s integration limit.
      memorySize: props.group in nativeModules ? 1536 : 512,
      timeout: Duration.seconds(props.group in nativeModules ? 28 : 10),
      nativeModules: nativeModules[props.group] ?? [],
      environment: props.environment,
      // Its own routes only (and the files its group reads, such as the invoice's fonts).
      routeGroup: props.group,
    });
  }
}

/** The Lambda function of one stream consumer (issue 18): `functions/src/<consumer>/handler.ts`. */
export class StreamConsumerFunction extends StudioFunction {
  constructor(scope: Construct, id: string, props: StreamConsumerFunctionProps) {
    super(scope, id, {
      ...consumerSource(props.consumer),
      description: `${streamConsumerDescriptionPrefix} ${props.consumer}`,
      roleDescription: `Runs the ${props.consumer} stream consumer`,
      serviceName: props.consumer,
      memorySize: 512,
      timeout: props.timeout,
      nativeModules: [],
      environment: props.environment,
    });
  }
}
