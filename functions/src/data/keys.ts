import { tableDefinition } from '@studio/shared/platform';
import { config } from '../lib/config.ts';

/** Key attribute names, from the definition the CDK stack uses too. */
export const keyNames = {
  pk: tableDefinition.partitionKey,
  sk: tableDefinition.sortKey,
  gsi1: tableDefinition.indexes[0],
  gsi2: tableDefinition.indexes[1],
  gsi3: tableDefinition.indexes[2],
} as const;

export const tableName = () => config().tableName;

/** Zero-pads a display order so that it sorts as a string. Orders are 0..999999. */
export function orderKey(order: number): string {
  return String(Math.max(0, Math.min(999_999, Math.trunc(order)))).padStart(6, '0');
}
