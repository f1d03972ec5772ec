import * as z from 'zod/mini';

/** Every entity id is a ULID: 26 Crockford base-32 characters, sortable by creation time. */
export const idSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a 26-character id'));
export type Id = z.infer<typeof idSchema>;

export const idParamsSchema = z.strictObject({ id: idSchema });

/** Timestamps travel as ISO 8601 strings in UTC. */
export const isoDateTimeSchema = z.iso.datetime();

/** Query or params with no accepted keys: anything sent is refused. */
export const emptyObjectSchema = z.strictObject({});

/** The `nextCursor` of a previous page, sent back as `cursor`: opaque, URL-safe base64. */
export const cursorSchema = z.string().check(z.maxLength(2048), z.regex(/^[A-Za-z0-9_-]+$/, 'is not a valid cursor'));
