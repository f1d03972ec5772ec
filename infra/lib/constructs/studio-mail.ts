import { Stack } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  EmailIdentity,
  Identity,
  MailFromBehaviorOnMxFailure,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface StudioMailProps {
  /** The sending domain, verified in SES by its DKIM records (`studio.example`). */
  readonly domain: string;
  /**
   * A subdomain bounces are sent to (`mail.studio.example`), so SPF aligns with the From domain for
   * DMARC; it needs an MX and an SPF record (docs/deploy.md, step 5). Until they exist SES uses its
   * own MAIL FROM. @default none: amazonses.com
   */
  readonly mailFromDomain?: string;
}

/**
 * Sending e-mail through Amazon SES: the domain identity (DKIM, easy signing) and one
 * configuration set for every message (reputation metrics; bounces and complaints put the address
 * on the account's suppression list). Cognito's codes and the notifier's e-mails both go out
 * through it, so the sending quota and reputation are the studio's own.
 */
export class StudioMail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly domain: string;
  readonly mailFromDomain?: string;

  constructor(scope: Construct, id: string, props: StudioMailProps) {
    super(scope, id);
    this.domain = props.domain;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(props.domain),
      configurationSet: this.configurationSet,
      ...(props.mailFromDomain
        ? {
            mailFromDomain: props.mailFromDomain,
            mailFromBehaviorOnMxFailure: MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
          }
        : {}),
    });
    this.mailFromDomain = props.mailFromDomain;
  }

  get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }

  /**
   * Lets `grantee` send through this identity and configuration set only, and only with
   * `fromAddress` as the sender (condition `ses:FromAddress`).
   */
  grantSendFrom(grantee: IGrantable, fromAddress: string): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail'],
      resourceArns: [this.identity.emailIdentityArn, this.configurationSetArn],
      conditions: { StringEquals: { 'ses:FromAddress': fromAddress } },
    });
  }
}

/** `Name <address@domain>` or `address@domain` -> `address@domain`. */
export function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}
