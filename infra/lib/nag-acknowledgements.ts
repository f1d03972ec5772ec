import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges, on `scope`, each cdk-nag finding of the listed rules that the AWS Solutions checks
 * report inside it today, with that rule's reason. For constructs we do not own (CDK's
 * BucketDeployment handler), whose findings carry ids we cannot spell in advance: IAM5 ids embed
 * the synthesizer's asset bucket name, which depends on the region.
 *
 * Only the listed rules are acknowledged; any other finding inside `scope` still fails synthesis.
 * Call it after the construct is complete, since findings are computed from its current policies.
 */
export function acknowledgeNagFindings(scope: IConstruct, reasons: Readonly<Record<string, string>>): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  const acknowledged: string[] = [];
  for (const violation of report.violations) {
    const rule = violation.ruleName.replace(/\[.*\]$/, '');
    const reason = reasons[rule];
    if (!reason) continue;
    Validations.of(scope).acknowledge({ id: violation.ruleName, reason });
    acknowledged.push(violation.ruleName);
  }
  return acknowledged;
}
