import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { indexProjection, tableDefinition } from '@studio/shared/platform';

export interface DataTableProps {
  /** Refuse deletion at the API level too, not only through the stack's removal policy. */
  readonly deletionProtection: boolean;
}

/**
 * The one table, keys and generic indexes from `tableDefinition` in shared, so the local stack
 * creates exactly the same shape. On demand: traffic is spiky and small.
 */
export class DataTable extends Table {
  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id, {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.deletionProtection,
      // Expiring items: rate-limit counters, duplicate guards, sent outbox items (a month after sending).
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
      // Read by the stream consumers (the notifier reads outbox items, the site publisher public
      // content changes), as locally.
      stream: StreamViewType[tableDefinition.stream.StreamViewType],
    });
    for (const index of tableDefinition.indexes) {
      const projected = indexProjection(index);
      this.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Generic overloaded indexes serve several entities: project everything rather than guess.
        // An index of one purpose (GSI5) projects what it is read for.
        ...(projected
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...projected] }
          : { projectionType: ProjectionType.ALL }),
      });
    }
  }
}
