import { Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { routeGroups, routeList, type RouteGroup } from '@studio/shared/routes';
import { RoleInvokedLambdaIntegration } from './constructs/route-table-api.ts';
import { addGroupFunctions, type GroupFunctionsProps } from './group-functions.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';

/**
 * The route groups deployed from the client API stack rather than the app stack: the app stack is
 * near its resource limit (stack-sizes.ts), and these groups (organisations, #35; the public API's
 * keys and webhooks, #36) grow together. Their routes join the app stack's HTTP API.
 */
export const clientApiGroups = [
  'organisations',
  'specs',
  'api-keys',
  'webhooks',
] as const satisfies readonly RouteGroup[];
export type ClientApiGroup = (typeof clientApiGroups)[number];

/** The groups the app stack deploys itself: every other one. */
export const appStackGroups: readonly RouteGroup[] = routeGroups.filter(
  (group) => !(clientApiGroups as readonly RouteGroup[]).includes(group),
);

export interface ClientApiStackProps extends StackProps {
  /** What every group function gets, as the app stack built it (same environment, table, buckets, secrets). */
  readonly functions: GroupFunctionsProps;
  /** The app stack's HTTP API and its authorizer (Cognito tokens and API keys), which these routes use too. */
  readonly api: { readonly httpApiId: string; readonly authorizerId: string };
}

/**
 * The functions of `clientApiGroups` and their routes on the app stack's HTTP API (its id and its
 * authorizer's id, imported): a route here is the same as one there, behind the same stage, CDN,
 * firewall and origin secret. Its own invoke role, as the app stack's routes have theirs.
 */
export class ClientApiStack extends Stack {
  readonly functions: Readonly<Record<ClientApiGroup, IFunction>>;

  constructor(scope: Construct, id: string, props: ClientApiStackProps) {
    const { functions: functionProps, api, ...stackProps } = props;
    super(scope, id, stackProps);
    this.functions = addGroupFunctions(this, functionProps, clientApiGroups);

    const httpApi = HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: api.httpApiId });
    // The app stack's Lambda authorizer, by id. Not `HttpAuthorizer.fromHttpAuthorizerAttributes`:
    // its import binds a route with the authorizer's type (`REQUEST`), where a route wants `CUSTOM`.
    const authorizer: IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: api.authorizerId, authorizationType: 'CUSTOM' }),
    };
    const invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: "Lets the studio's HTTP API invoke the client API's route group functions",
    });
    const integrations = new Map<ClientApiGroup, RoleInvokedLambdaIntegration>();
    for (const route of routeList) {
      const group = route.group as ClientApiGroup;
      if (!clientApiGroups.includes(group)) continue;
      let integration = integrations.get(group);
      if (!integration) {
        this.functions[group].grantInvoke(invokeRole);
        integration = new RoleInvokedLambdaIntegration(`${group}-integration`, this.functions[group], invokeRole);
        integrations.set(group, integration);
      }
      // Only signed-in routes here: a public route would need the firewall's and the handler's
      // anonymous limits reviewed first.
      if (route.access === 'public') throw new Error(`${route.name}: the client API stack has no public routes.`);
      new HttpRoute(this, `${route.method}${route.path}`, {
        httpApi,
        routeKey: HttpRouteKey.with(`/${route.path}`, HttpMethod[route.method]),
        integration,
        authorizer,
      });
    }
    acknowledgeNagFindings(invokeRole, {
      'AwsSolutions-IAM5':
        'lambda:InvokeFunction on the client API group functions and their versions (<arn>:*), which CDK grants together; no other function.',
    });
  }
}
