/**
 * Lambda event filtering (the event source mapping's `FilterCriteria`), for the local stream
 * reader: a record passes when any pattern matches it. A pattern is an object whose keys name
 * fields of the record; a nested object matches the field's object, an array lists what the
 * field may be: a value (string, number, boolean, null) to equal, or one of the rules `prefix`,
 * `suffix`, `exists` and `anything-but`. Enough of the syntax for the patterns this project uses,
 * and anything else throws rather than silently matching.
 */
export type FilterPattern = { readonly [key: string]: FilterPattern | readonly FilterRule[] };
export type FilterRule =
  | string
  | number
  | boolean
  | null
  | { readonly prefix: string }
  | { readonly suffix: string }
  | { readonly exists: boolean }
  | { readonly 'anything-but': readonly (string | number)[] | string | number };

function ruleMatches(rule: FilterRule, present: boolean, value: unknown): boolean {
  if (rule === null || typeof rule !== 'object') return present && value === rule;
  if ('exists' in rule) return rule.exists === present;
  if (!present) return false;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
  if ('suffix' in rule) return typeof value === 'string' && value.endsWith(rule.suffix);
  if ('anything-but' in rule) {
    const excluded = rule['anything-but'];
    return !(Array.isArray(excluded) ? excluded : [excluded]).includes(value as string | number);
  }
  throw new Error(`unsupported filter rule ${JSON.stringify(rule)}`);
}

export function matchesPattern(pattern: FilterPattern, record: unknown): boolean {
  const object = record !== null && typeof record === 'object' ? (record as Record<string, unknown>) : {};
  return Object.entries(pattern).every(([key, expected]) => {
    const present = Object.prototype.hasOwnProperty.call(object, key);
    const value = object[key];
    if (Array.isArray(expected)) return (expected as FilterRule[]).some((rule) => ruleMatches(rule, present, value));
    return present && matchesPattern(expected as FilterPattern, value);
  });
}

/** Whether a record passes the filters: no filter passes everything, otherwise any one pattern. */
export function passesFilters(filters: readonly FilterPattern[], record: unknown): boolean {
  return filters.length === 0 || filters.some((pattern) => matchesPattern(pattern, record));
}
