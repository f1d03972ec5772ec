import { Validations } from 'aws-cdk-lib';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /** Who is told; without one the alarms still change state (console, dashboard) but notify nobody. */
  readonly email?: string;
  readonly displayName: string;
}

/**
 * The SNS topic every alarm of a region notifies (CloudWatch alarms can only notify a topic in their
 * own region), with the operator's e-mail subscribed. The subscription must be confirmed once from
 * the e-mail AWS sends after the first deploy.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: props.displayName, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and budget notices carry alarm names, metric values and thresholds, no customer data. CloudWatch alarms and AWS Budgets can publish to an encrypted topic only through a customer managed KMS key whose policy admits both services; TLS is enforced on the topic (SNS3).',
    });
  }
}
