import { RemovalPolicy } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /** Who is told when an alarm fires; none: subscribe later in the console. */
  readonly email?: string;
}

/**
 * Where the app's CloudWatch alarms go: one encrypted SNS topic (a key of our own, since alarms
 * cannot publish to a topic under the AWS-managed SNS key), TLS only.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps = {}) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { masterKey: key, enforceSSL: true, displayName: 'Retouch studio alarms' });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
  }
}
