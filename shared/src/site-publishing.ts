/**
 * The site publisher (functions/src/publisher): what it listens to and how it is configured.
 * Plain data, read by the function, the CDK stack (its event source's filter and environment)
 * and the local stack (the same filter on DynamoDB Local's stream).
 */

/**
 * Partition-key prefixes of the items a public page shows: services with their subservices and
 * prices (`SERVICE#`), a service's gallery images (`CAROUSEL#`), the before/after gallery
 * (`GALLERY#`, `GALLERY_ORDER#`), slider images, testimonials and job openings. A change to any of
 * them publishes the site again; functions/test/unit/site-publishing.test.ts checks them against
 * the table's key builders.
 */
export const publishedContentPrefixes = [
  'SERVICE#',
  'CAROUSEL#',
  'GALLERY#',
  'GALLERY_ORDER#',
  'SLIDER_IMAGE#',
  'TESTIMONIAL#',
  'OPENING#',
] as const;

/**
 * The publisher's event filter (Lambda `FilterCriteria` syntax): a stream record of an item whose
 * partition key starts with one of the prefixes above, whatever the change (insert, modify, remove).
 */
export const publishedContentStreamFilter = {
  dynamodb: { Keys: { PK: { S: publishedContentPrefixes.map((prefix) => ({ prefix })) } } },
} as const;

/**
 * How long the publisher's event source gathers changes before one publication: a burst of
 * writes (a bulk reorder, a service saved with its subservices) publishes once.
 */
export const publishBatchWindowSeconds = 1;

/** Environment of the publisher, beside the handlers' (`handlerEnvNames`). */
export const publisherEnvNames = {
  /** The bucket the CDN serves the site from; releases go under `releases/`. */
  siteBucket: 'SITE_BUCKET',
  /** Public origin of the site: canonical, Open Graph, structured data and sitemap URLs. */
  siteUrl: 'SITE_URL',
  /** Folder of the renderer and its template (`npm run build`'s web/dist-render). */
  rendererDir: 'SITE_RENDERER_DIR',
  /**
   * ARN of the CloudFront KeyValueStore the CDN's function reads the current release from (AWS).
   * Unset (the local stack): the release is switched by the pointer object in the site bucket.
   */
  releaseStoreArn: 'SITE_RELEASE_STORE_ARN',
} as const;

/** Releases kept in the bucket besides the current one, for pages a visitor's tab still shows. */
export const keptReleases = 3;

/** KeyValueStore keys the CDN's viewer-request function reads (infra spa-rewrite.ts). */
export const releaseStoreKeys = {
  /** The current release id. */
  release: 'release',
  /** `service:<id>` exists for each service with a page in the current release. */
  service: (id: string) => `service:${id}`,
} as const;
