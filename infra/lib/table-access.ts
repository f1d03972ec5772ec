import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { tableDefinition } from '@studio/shared/platform';

// The item-level actions of Table.grantReadData / grantReadWriteData (stream actions left out: the
// table has no stream). Transactions need no action of their own: each part is checked as its
// Put/Update/Delete/ConditionCheck.
const readActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const writeActions = ['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * Like `table.grantReadData()` / `grantReadWriteData()`, but on the table and its named indexes
 * (`tableDefinition.indexes`) instead of `<table>/index/*`. Same access, no wildcard resource: the
 * wildcard is a cdk-nag IAM5 finding that cannot be acknowledged stably across stacks, since its
 * id embeds the generated name of the data stack's export.
 */
export function grantTableData(table: ITable, grantee: IGrantable, access: 'read' | 'readWrite'): Grant {
  return Grant.addToPrincipal({
    grantee,
    actions: access === 'read' ? readActions : [...readActions, ...writeActions],
    resourceArns: [table.tableArn, ...tableDefinition.indexes.map((index) => `${table.tableArn}/index/${index.name}`)],
  });
}
