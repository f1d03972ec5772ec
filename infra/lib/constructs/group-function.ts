import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations, type ILocalBundling } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteGroup } from '@studio/shared/routes';
import { bundleEntryFile, nativeModules } from '../bundle-settings.ts';
import { repoRoot } from '../paths.ts';

/**
 * Builds a group's code on this machine (no Docker) with infra/bin/bundle-group.ts, which runs
 * `bundleGroup` (infra/lib/bundle-settings.ts): the very build the bench measures and the
 * deployed-bundle test runs. `group` is a property so that it is part of CDK's asset cache key.
 */
class GroupBundling implements ILocalBundling {
  constructor(readonly group: RouteGroup) {}

  tryBundle(outputDir: string): boolean {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'infra', 'bin', 'bundle-group.ts'), this.group, outputDir],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return true;
  }
}

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
 * functions/package.json pins, not whatever the runtime ships), traced by X-Ray. The build is
 * esbuild's JavaScript API rather than NodejsFunction's command line, because the bundle's size
 * depends on esbuild plugins, which only the API can run.
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
      code: Code.fromAsset(repoRoot, {
        // The asset is named by a hash of what the build wrote.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          local: new GroupBundling(props.group),
          // Required by CDK, never used: local bundling never declines (it fails the synth instead).
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
        },
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
