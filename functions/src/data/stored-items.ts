import * as z from 'zod/mini';

/*
 * Items as they are read back from the table (docs/decisions/platform.md). Every entity read whole
 * declares its item as fields (the job and its payment in jobs.ts, the image in images.ts, the
 * organisation, the webhook, the outbox item and the rest beside their writers) and is parsed on
 * every read instead of cast: an item the code no longer understands fails where it is read, naming the
 * item and its attributes, not several calls later as an `undefined` in a price or a status. The
 * schemas check what the code relies on (kinds, enums, numbers, what may be null or absent), not
 * the limits a request must meet: an item written under an older rule still reads.
 */

/** An item that does not have the shape its entity declares: a bug or a damaged item, a 500. */
export class StoredItemError extends Error {
  constructor(entity: string, id: unknown, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const listed = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`)
      .join('; ');
    super(`The stored ${entity} ${typeof id === 'string' ? id : '(no id)'} does not parse: ${listed}`);
    this.name = 'StoredItemError';
  }
}

type Reader<Fields extends z.core.$ZodShape> = (item: Record<string, unknown>) => z.infer<z.ZodMiniObject<Fields>>;

/** A reader answering zod's copy of a parsed item, only the declared attributes. */
function copyReader<Fields extends z.core.$ZodShape>(entity: string, fields: Fields): Reader<Fields> {
  const schema = z.object(fields);
  return (item) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success) throw new StoredItemError(entity, item.id, parsed.error.issues);
    return parsed.data;
  };
}

/**
 * A reader of one entity's items: checks an item against the entity's fields and answers it typed
 * as declared. The item itself is answered, with the attributes the declaration leaves out (index
 * keys, markers of one workflow), so an item read, changed and written back loses nothing; zod's
 * own copy is dropped (a loose object's copy of every attribute cost nearly twice the time).
 */
export function storedItemReader<Fields extends z.core.$ZodShape>(entity: string, fields: Fields): Reader<Fields> {
  const check = copyReader(entity, fields);
  return (item) => {
    check(item);
    return item as z.infer<z.ZodMiniObject<Fields>>;
  };
}

/**
 * A reader that answers only the declared attributes (zod's copy, without the item's type, keys
 * and markers): for an entity answered as it is stored, declared by its answer's schema (a lead as
 * staff read it).
 */
export const storedAnswerReader = copyReader;
