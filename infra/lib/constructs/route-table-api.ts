import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  DomainName,
  EndpointType,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpIntegrationType,
  HttpMethod,
  HttpRouteIntegration,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
  SecurityPolicy,
  type HttpRoute,
  type HttpRouteIntegrationConfig,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiKeyRevocationSeconds } from '@studio/shared/api-keys';
import { routeList, type RouteGroup } from '@studio/shared/routes';
import { acknowledgeNagFindings } from '../nag-acknowledgements.ts';
import { stageThrottle } from '../capacity.ts';
import { logRetention } from '../retention.ts';

export interface RouteTableApiProps {
  /**
   * The functions of the groups this API's stack deploys: their routes are added here. The groups of
   * the client API stack (client-api-stack.ts) add theirs from that stack.
   */
  readonly functions: Readonly<Partial<Record<RouteGroup, IFunction>>>;
  /**
   * The Lambda authorizer's function (functions/src/authorizer/handler.ts): it takes the Cognito
   * tokens of the site's and the staff's app clients and organisations' API keys (#36).
   */
  readonly authorizerFunction: IFunction;
  /**
   * The API's own domain, which only CloudFront calls (`apiOriginName` of settings.ts), with a
   * certificate for it in this stack's region. Given, the execute-api endpoint is disabled: the API
   * answers on this name only. Absent (a trial stage without a domain), CloudFront calls the
   * execute-api endpoint, which then stays enabled.
   */
  readonly originDomain?: { readonly name: string; readonly certificate: ICertificate };
}

/**
 * A Lambda proxy integration that API Gateway calls with a role of its own (the integration's
 * credentials) rather than through a resource-based permission on the function: one role for every
 * group instead of one `AWS::Lambda::Permission` per group function, 22 resources fewer in a stack
 * that must stay under 300 (stack-sizes.ts).
 */
export class RoleInvokedLambdaIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: IFunction,
    private readonly role: IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

/**
 * The HTTP API: one route per entry of the shared route table, to its group's function. Routes
 * whose access is not `public` require a valid Cognito JWT at the gateway; the handler then checks
 * the route's access list and ownership itself.
 */
export class RouteTableApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The name CloudFront calls the API on: the origin domain, else `<apiId>.execute-api.<region>.amazonaws.com`. */
  readonly domainName: string;
  /** The API's own domain, when it has one (see `originDomain`). */
  readonly originDomain?: DomainName;
  readonly routes: HttpRoute[] = [];
  /** The role API Gateway invokes the group functions with, and nothing else. */
  readonly invokeRole: Role;
  /** The Lambda authorizer of every route that is not public (its id, for other stacks' routes). */
  readonly authorizer: HttpAuthorizer;

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Studio API, one route per entry of the shared route table',
      // Our own $default stage below, to configure throttling and access logs on it.
      createDefaultStage: false,
      // With a domain of its own, CloudFront is the only way in: nobody reaches the stage (and its
      // throttle) around the CDN and its firewall.
      disableExecuteApiEndpoint: props.originDomain !== undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // Sized from the planned peak (capacity.ts): twice the peak's calls per second.
      throttle: { ...stageThrottle },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // HTTP API $context variables (the REST API presets name variables HTTP APIs lack).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const stack = Stack.of(this);
    if (props.originDomain) {
      this.originDomain = new DomainName(this, 'OriginDomain', {
        domainName: props.originDomain.name,
        certificate: props.originDomain.certificate,
        endpointType: EndpointType.REGIONAL,
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
      new ApiMapping(this, 'OriginMapping', {
        api: this.httpApi,
        domainName: this.originDomain,
        stage: this.stage,
      });
      this.domainName = props.originDomain.name;
    } else {
      this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    }

    this.invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: "Lets the studio's HTTP API invoke the route group functions and its authorizer",
    });

    // The Lambda authorizer (#36), invoked with the same role as the integrations rather than by a
    // permission on the function (no function lets API Gateway in by a resource policy). Simple
    // responses, kept 60 s per Authorization header (`apiKeyRevocationSeconds`): most requests of a
    // session or an integration never invoke the function, and a revoked key is refused within a
    // minute. A request without the header is refused by API Gateway without an invocation.
    props.authorizerFunction.grantInvoke(this.invokeRole);
    this.authorizer = new HttpAuthorizer(this, 'TokenOrApiKey', {
      httpApi: this.httpApi,
      authorizerName: 'token-or-api-key',
      type: HttpAuthorizerType.LAMBDA,
      authorizerUri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${props.authorizerFunction.functionArn}/invocations`,
      role: this.invokeRole,
      identitySource: ['$request.header.Authorization'],
      enableSimpleResponses: true,
      resultsCacheTtl: Duration.seconds(apiKeyRevocationSeconds),
    });
    const authorizer: IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: this.authorizer.authorizerId, authorizationType: 'CUSTOM' }),
    };
    const integrations = new Map<RouteGroup, RoleInvokedLambdaIntegration>();
    const integrationOf = (group: RouteGroup): RoleInvokedLambdaIntegration => {
      let integration = integrations.get(group);
      if (!integration) {
        const handler = props.functions[group]!;
        handler.grantInvoke(this.invokeRole);
        integration = new RoleInvokedLambdaIntegration(`${group}-integration`, handler, this.invokeRole);
        integrations.set(group, integration);
      }
      return integration;
    };

    for (const route of routeList) {
      if (!props.functions[route.group]) continue;
      const isPublic = route.access === 'public';
      const added = this.httpApi.addRoutes({
        path: `/${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.group),
        authorizer: isPublic ? undefined : authorizer,
      });
      for (const httpRoute of added) {
        if (isPublic) {
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `Route ${route.name} (${route.method} /${route.path}) is declared public in the shared route table: ${
              route.rawBody
                ? 'a webhook whose caller proves itself by signing the raw body, checked by the handler.'
                : 'an anonymous read or form post, checked and rate-limited by the handler and the WAF.'
            }`,
          });
        }
        this.routes.push(httpRoute);
      }
    }
    acknowledgeNagFindings(this.invokeRole, {
      'AwsSolutions-IAM5':
        'lambda:InvokeFunction on the route group functions and their versions (<arn>:*), which CDK grants together; no other function.',
    });
  }
}
