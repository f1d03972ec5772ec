import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StreamConsumerName } from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';
import { bundleAliases, bundleExternals, bundleSettings, nativeModules } from '../bundle-settings.ts';
import { consumerEntry, groupEntry, lockFile, repoRoot } from '../paths.ts';

/** `name@version` as functions/package.json pins it, so Lambda runs what the tests ran. */
function pinnedSpec(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'functions', 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const version = manifest.dependencies?.[name];
  if (!version) throw new Error(`functions/package.json does not depend on ${name}`);
  return `${name}@${version}`;
}

/** Every group function's description starts with this, so tests and dashboards can tell them apart. */
export const groupFunctionDescriptionPrefix = 'API route group';

/** Every stream consumer's description starts with this. */
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

/**
 * The Lambda function of one route group: `functions/src/<group>/handler.ts`, bundled locally by
 * esbuild (no Docker) as one minified ESM file with the AWS SDK inside (the versions
 * functions/package.json pins, not whatever the runtime ships), traced by X-Ray. The same
 * construct, given a stream consumer, builds `functions/src/<consumer>/handler.ts` alike.
 */
export class GroupFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: GroupFunctionProps | StreamConsumerFunctionProps) {
    super(scope, id);
    const group = 'group' in props ? props.group : undefined;
    const consumer = 'consumer' in props ? props.consumer : undefined;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log
    // group in the account, this one only to the function's own.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: group ? `Runs the ${group} route group` : `Runs the ${consumer} stream consumer`,
    });
    this.logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      description: group
        ? `${groupFunctionDescriptionPrefix} ${group}`
        : `${streamConsumerDescriptionPrefix} ${consumer}`,
      entry: group ? groupEntry(group) : consumerEntry(consumer!),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // Resizing a large upload into six variants needs more memory (and so CPU) and time than a
      // DynamoDB round trip; 28 s stays inside API Gateway's 30 s integration limit.
      memorySize: group && group in nativeModules ? 1536 : 512,
      timeout: 'timeout' in props ? props.timeout : Duration.seconds(group && group in nativeModules ? 28 : 10),
      role,
      logGroup: this.logGroup,
      // Active tracing: X-Ray samples requests and records the invocation, init and overhead.
      tracing: Tracing.ACTIVE,
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM, // bundleSettings.format
        target: bundleSettings.target,
        mainFields: [...bundleSettings.mainFields],
        minify: bundleSettings.minify,
        sourceMap: true,
        // Stack traces map to file and line; the sources themselves need not ship in the zip.
        sourcesContent: false,
        banner: bundleSettings.banner,
        forceDockerBundling: false,
        // Nothing but native modules stays out: the SDK is bundled (see bundle-settings.ts).
        externalModules: [...bundleExternals],
        esbuildArgs: Object.fromEntries(Object.entries(bundleAliases).map(([name, file]) => [`--alias:${name}`, file])),
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // npm picks the linux-arm64 prebuilt binaries whatever machine synthesizes the stack.
          afterBundling: (_inputDir: string, outputDir: string) => {
            const modules = group ? (nativeModules[group] ?? []) : [];
            if (modules.length === 0) return [];
            const specs = modules.map(pinnedSpec).join(' ');
            return [
              `npm install --no-save --no-package-lock --no-audit --no-fund --omit=dev --os=linux --cpu=arm64 --libc=glibc --prefix "${outputDir}" ${specs}`,
            ];
          },
        },
        logLevel: LogLevel.WARNING,
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
