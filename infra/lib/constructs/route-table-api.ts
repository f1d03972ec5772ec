import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeList, type RouteGroup } from '@studio/shared/routes';

export interface RouteTableApiProps {
  readonly functions: Readonly<Record<RouteGroup, IFunction>>;
  /** JWT issuer: the Cognito user pool. */
  readonly issuer: string;
  /** App client ids whose tokens are accepted (ID tokens carry `aud`, access tokens `client_id`). */
  readonly audiences: readonly string[];
  /** Requests per second across the whole API; a backstop behind the CDN's per-IP WAF rate rule. */
  readonly rateLimit?: number;
  readonly burstLimit?: number;
}

/**
 * The HTTP API: one route per entry of the shared route table, to its group's function. Routes
 * whose access is not `public` require a valid Cognito JWT at the gateway; the handler then checks
 * the route's access list and ownership itself.
 */
export class RouteTableApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** `<apiId>.execute-api.<region>.amazonaws.com`, for the CloudFront origin. */
  readonly domainName: string;
  readonly routes: HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Studio API, one route per entry of the shared route table',
      // Our own $default stage below, to configure throttling and access logs on it.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit ?? 100, burstLimit: props.burstLimit ?? 200 },
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
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuer, {
      authorizerName: 'cognito-jwt',
      jwtAudience: [...props.audiences],
    });

    const integrations = new Map<RouteGroup, HttpLambdaIntegration>();
    const integrationOf = (group: RouteGroup): HttpLambdaIntegration => {
      let integration = integrations.get(group);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${group}-integration`, props.functions[group], {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
          // One invoke permission per group function (any route of this API), not one per route:
          // 75 routes would otherwise cost 75 more resources of the stack's 500.
          scopePermissionToRoute: false,
        });
        integrations.set(group, integration);
      }
      return integration;
    };

    for (const route of routeList) {
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
  }
}
