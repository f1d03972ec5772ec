import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SiteFirewall } from './constructs/site-firewall.ts';

/**
 * What CloudFront requires in us-east-1 whatever the app's region: the web ACL. The app stack
 * reads its ARN through a cross-region reference (an SSM parameter CDK copies across).
 */
export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'Firewall');
  }
}
