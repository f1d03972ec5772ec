import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { currencies, currencySchema } from '@studio/shared/currency';
import { amountFromCents, centsFromAmount, type Money } from '@studio/shared/money';
import {
  defaultTurnarounds,
  type Price,
  type Service,
  type SubService,
  type Turnaround,
  type VolumeTier,
} from '@studio/shared/service';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import {
  catalogPartition,
  keyNames,
  serviceIndexKeys,
  serviceKey,
  servicePartition,
  subServiceIndexKeys,
  subServiceKey,
  subServiceSortKeyPrefix,
  tableName,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * Services and subservices. See docs/data-model.md.
 *   Service     PK SERVICE#<id>  SK SERVICE               GSI1 CATALOG / SERVICE#<order>#<id>
 *   SubService  PK SERVICE#<sid> SK SUBSERVICE#<id>       GSI1 CATALOG / SUBSERVICE#<sid>#<order>#<id>
 *                                                         GSI2 SUBSERVICE#<id> / SUBSERVICE
 * A service and its subservices share a partition, so one query reads a service whole; the
 * CATALOG partition of GSI1 reads the whole catalogue, in display order, in one query.
 */

/** A price map: whole cents (or, on old items, major units) by currency. */
const priceMapSchema = z.partialRecord(currencySchema, z.number());
type PriceMap = z.infer<typeof priceMapSchema>;

/**
 * The service and subservice items' attributes, declared once: `ServiceItem` and `SubServiceItem`
 * are their types, and every read goes through `serviceItemOf` or `subServiceItemOf`
 * (stored-items.ts). The turnarounds and tiers are checked for what pricing reads, not for the
 * limits a staff member's edit must meet.
 */
const serviceFields = {
  type: z.literal('Service'),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  beforeImageKey: z.string(),
  afterImageKey: z.string(),
  order: z.number(),
  /**
   * Kept by every add and delete of a subservice, in the same transaction (the cap's counter);
   * absent on services from before it (catalog-admin.ts counts them then).
   */
  subServiceCount: z.optional(z.number()),
  /** Jobs ordered with the service (catalog-admin.ts: a service with jobs is not deleted); more in shards. */
  jobCount: z.optional(z.number()),
  /** Set by the first step of a deletion (catalog-admin.ts): the service is gone for readers. */
  deleting: z.optional(z.boolean()),
  /** #17; absent on services saved before it: `defaultTurnarounds`. */
  turnarounds: z.optional(
    z.array(z.object({ id: z.string(), name: z.string(), hours: z.number(), multiplier: z.number() })),
  ),
  /** #17; absent: none. */
  volumeTiers: z.optional(z.array(z.object({ minPhotos: z.number(), discountPercent: z.number() }))),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export type ServiceItem = z.infer<z.ZodMiniObject<typeof serviceFields>>;
export const serviceItemOf = storedItemReader('service', serviceFields);

const subServiceFields = {
  type: z.literal('SubService'),
  id: z.string(),
  serviceId: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number(),
  /** Price per photo in whole cents, one per currency (a map cannot hold two for one currency). */
  priceCents: z.optional(priceMapSchema),
  /** Items written before prices were kept in cents: the same map in major units (`0.49`). */
  prices: z.optional(priceMapSchema),
  beforeImageKey: z.optional(z.string()),
  afterImageKey: z.optional(z.string()),
};
export type SubServiceItem = z.infer<z.ZodMiniObject<typeof subServiceFields>>;
export const subServiceItemOf = storedItemReader('subservice', subServiceFields);

/** The stored map of a subservice's prices: whole cents by currency. */
export function priceCentsMap(prices: readonly Money[]): PriceMap {
  return Object.fromEntries(prices.map((price) => [price.currency, price.cents]));
}

function toPrices(item: Pick<SubServiceItem, 'priceCents' | 'prices'>): Price[] {
  return currencies.flatMap((currency) => {
    const legacy = item.prices?.[currency];
    const cents = item.priceCents
      ? item.priceCents[currency]
      : legacy === undefined
        ? undefined
        : centsFromAmount(legacy);
    return cents === undefined ? [] : [{ price: amountFromCents(cents), currency, cents }];
  });
}

function toSubService(item: SubServiceItem): SubService {
  return {
    id: item.id,
    serviceId: item.serviceId,
    name: item.name,
    description: item.description,
    order: item.order,
    prices: toPrices(item),
    beforeImage: mediaUrl(item.beforeImageKey),
    afterImage: mediaUrl(item.afterImageKey),
  };
}

function toService(item: ServiceItem, subServices: SubService[]): Service {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    beforeImage: mediaUrl(item.beforeImageKey),
    afterImage: mediaUrl(item.afterImageKey),
    order: item.order,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    subServices,
    turnarounds: item.turnarounds?.length ? item.turnarounds : [...defaultTurnarounds],
    volumeTiers: item.volumeTiers ?? [],
  };
}

const byOrder = (a: { order: number; id: string }, b: { order: number; id: string }) =>
  a.order - b.order || a.id.localeCompare(b.id);

/** Every service in display order, each with its subservices in display order. */
export async function listServices(): Promise<Service[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': catalogPartition },
  });
  const subsByService = new Map<string, SubService[]>();
  for (const item of items) {
    if (item.type !== 'SubService') continue;
    const sub = toSubService(subServiceItemOf(item));
    const list = subsByService.get(sub.serviceId) ?? [];
    list.push(sub);
    subsByService.set(sub.serviceId, list);
  }
  return items
    .filter((item) => item.type === 'Service')
    .map((item) => {
      const service = serviceItemOf(item);
      return toService(service, (subsByService.get(service.id) ?? []).sort(byOrder));
    })
    .sort(byOrder);
}

/** One service with its subservices, or null when there is no such service. */
export async function getService(id: string): Promise<Service | null> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.pk },
    ExpressionAttributeValues: { ':pk': servicePartition(id) },
  });
  const found = items.find((item) => item.type === 'Service');
  const service = found ? serviceItemOf(found) : null;
  // A service whose deletion has begun (catalog-admin.ts) is gone for readers.
  if (!service || service.deleting) return null;
  const subs = items
    .filter((item) => item.type === 'SubService')
    .map((item) => toSubService(subServiceItemOf(item)))
    .sort(byOrder);
  return toService(service, subs);
}

/** Every subservice of every service, grouped by service, each group in display order. */
export async function listAllSubServices(): Promise<SubService[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey, '#sk': keyNames.gsi1.sortKey },
    ExpressionAttributeValues: { ':pk': catalogPartition, ':prefix': subServiceSortKeyPrefix },
  });
  return items.map((item) => toSubService(subServiceItemOf(item)));
}

/** The subservices of one service in display order (empty when the service has none). */
export async function listSubServicesOfService(serviceId: string): Promise<SubService[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': servicePartition(serviceId), ':prefix': subServiceSortKeyPrefix },
  });
  return items.map((item) => toSubService(subServiceItemOf(item))).sort(byOrder);
}

export interface NewSubService {
  id: string;
  name: string;
  description: string;
  order: number;
  prices: Money[];
  beforeImageKey?: string;
  afterImageKey?: string;
}

export interface NewService {
  id: string;
  name: string;
  description: string;
  beforeImageKey: string;
  afterImageKey: string;
  order: number;
  subServices: NewSubService[];
  /** Absent: the default turnaround, no volume tiers. */
  turnarounds?: Turnaround[];
  volumeTiers?: VolumeTier[];
}

/** The stored item of a new subservice of `serviceId`, with its keys (catalog-admin.ts writes them too). */
export function subServiceItem(serviceId: string, sub: NewSubService): Record<string, unknown> {
  const item: SubServiceItem = {
    type: 'SubService',
    id: sub.id,
    serviceId,
    name: sub.name,
    description: sub.description,
    order: sub.order,
    priceCents: priceCentsMap(sub.prices),
    beforeImageKey: sub.beforeImageKey,
    afterImageKey: sub.afterImageKey,
  };
  return { ...item, ...subServiceKey(serviceId, sub.id), ...subServiceIndexKeys(serviceId, sub.id, sub.order) };
}

/**
 * Writes a new service and its subservices in one transaction: all of them or none. Refuses
 * (ConditionalCheckFailed) if any of the ids exists already.
 */
export async function createService(service: NewService, now = new Date()): Promise<void> {
  if (service.subServices.length > 99) throw new Error('at most 99 subservices per transaction');
  const createdAt = now.toISOString();
  const serviceItem: ServiceItem = {
    type: 'Service',
    id: service.id,
    name: service.name,
    description: service.description,
    beforeImageKey: service.beforeImageKey,
    afterImageKey: service.afterImageKey,
    order: service.order,
    subServiceCount: service.subServices.length,
    ...(service.turnarounds ? { turnarounds: service.turnarounds } : {}),
    ...(service.volumeTiers ? { volumeTiers: service.volumeTiers } : {}),
    createdAt,
    updatedAt: createdAt,
  };
  const puts = [
    {
      ...serviceItem,
      ...serviceKey(service.id),
      ...serviceIndexKeys(service.id, service.order),
    },
    ...service.subServices.map((sub) => subServiceItem(service.id, sub)),
  ];
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: puts.map((item) => ({
        Put: newItemPut(item),
      })),
    }),
  );
}
