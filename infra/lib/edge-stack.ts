import { Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import { AlarmTopic } from './constructs/alarm-topic.ts';
import { EdgeAlarms } from './constructs/edge-alarms.ts';
import { SiteFirewall } from './constructs/site-firewall.ts';

export interface EdgeStackProps extends StackProps {
  /** Prefix of the web ACL's metric names. */
  readonly firewallMetricPrefix: string;
  /**
   * The site's names (the primary first) and the Route 53 zone holding them: a certificate for
   * them is made here, validated by DNS records in that zone (settings.ts, `hostedZoneId`).
   */
  readonly domain?: { readonly names: readonly string[]; readonly hostedZoneId: string };
}

/**
 * What CloudFront requires in us-east-1 whatever the app's region: the web ACL (and its log group)
 * and, for a site on its own domain with a Route 53 zone, its certificate. The app stack reads their
 * ARNs, through cross-region references (SSM parameters CDK copies across) when it is elsewhere.
 */
export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  readonly certificate?: Certificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    const { firewallMetricPrefix, domain, ...stackProps } = props;
    super(scope, id, stackProps);
    this.firewall = new SiteFirewall(this, 'Firewall', { metricPrefix: firewallMetricPrefix });
    if (domain) {
      const [domainName, ...alternates] = domain.names;
      this.certificate = new Certificate(this, 'SiteCertificate', {
        domainName: domainName!,
        ...(alternates.length ? { subjectAlternativeNames: alternates } : {}),
        // The stack waits until ACM sees the validation records it writes in the zone (minutes).
        validation: CertificateValidation.fromDns(HostedZone.fromHostedZoneId(this, 'Zone', domain.hostedZoneId)),
      });
    }
  }
}

export interface EdgeAlarmsStackProps extends StackProps {
  readonly stage: string;
  readonly alarmEmail?: string;
  readonly webAclMetricName: string;
  /** The distribution of the app stack (a cross-region reference). */
  readonly distributionId: string;
}

/**
 * The CDN's and firewall's alarms, with a topic of their own: their metrics exist only in us-east-1
 * and an alarm can neither watch another region nor notify a topic there. Deployed after the app
 * stack, whose distribution it watches; absent when the app itself is in us-east-1.
 */
export class EdgeAlarmsStack extends Stack {
  readonly topic: AlarmTopic['topic'];
  readonly alarms: EdgeAlarms;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    const { stage, alarmEmail, webAclMetricName, distributionId, ...stackProps } = props;
    super(scope, id, stackProps);
    this.topic = new AlarmTopic(this, 'Alarms', {
      email: alarmEmail,
      displayName: `Retouch studio ${stage} CDN alarms`,
    }).topic;
    this.alarms = new EdgeAlarms(this, 'EdgeAlarms', { topic: this.topic, webAclMetricName, distributionId });
  }
}
