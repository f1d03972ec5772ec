import { Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { routeGroups, routeList, type RouteGroup } from '@studio/shared/routes';
import { GroupFunction } from './constructs/group-function.ts';
import { groupGrants } from './group-grants.ts';
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
}

function pascalCase(group: string): string {
  return group.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/**
 * One function per route group in `scope`, each granted exactly what group-grants.ts lists (plus
 * the table, read-only for groups that only serve GETs, and the origin secret).
 */
export function addGroupFunctions(scope: Construct, props: GroupFunctionsProps): Record<RouteGroup, IFunction> {
  const stack = Stack.of(scope);
  const { environment, table, userPool, mediaBucket, uploadsBucket, applicationsBucket, originSecret } = props;
  const functions = {} as Record<RouteGroup, IFunction>;
  for (const group of routeGroups) {
    const groupFunction = new GroupFunction(scope, `${pascalCase(group)}Function`, { group, environment });
    const { function: fn } = groupFunction;
    functions[group] = fn;

    // A group that only serves GETs cannot write, whatever its code does.
    const readOnly = routeList.filter((route) => route.group === group).every((route) => route.method === 'GET');
    grantTableData(table, fn, readOnly ? 'read' : 'readWrite');
    originSecret.grantRead(fn);

    const grants = groupGrants[group] ?? {};
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
      const imported = stack.resolve(Stack.of(uploadsBucket).exportValue(uploadsBucket.bucketArn)) as {
        'Fn::ImportValue': string;
      };
      // Both forms: the synthesis-time plugin reports under its namespace, a direct check without.
      const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
      Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
    }
    if (grants.applicationsBucket === 'readWrite') {
      applicationsBucket.grantReadWrite(fn);
      const reason =
        'Applicant documents get a server-chosen key per upload (uploads/<id>.<ext>, applications/<applicationId>/...), so the grant covers the objects of the one private applications bucket, which only this function can reach.';
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      const imported = stack.resolve(Stack.of(applicationsBucket).exportValue(applicationsBucket.bucketArn)) as {
        'Fn::ImportValue': string;
      };
      const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
      Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
    }
    if (grants.mediaBucket) {
      // Issue 5 part B: `images` publishes catalogue images.
      const reason =
        'Catalogue images get a server-chosen key per upload (media/images/<id>.<ext> and its variants), so the grant covers the objects of the public media bucket; handlers only check or write keys they generate.';
      acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
      const imported = stack.resolve(Stack.of(mediaBucket).exportValue(mediaBucket.bucketArn)) as {
        'Fn::ImportValue': string;
      };
      const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
      Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
    }
  }
  return functions;
}
