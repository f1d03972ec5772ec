/** The image keys an update of a catalogue or gallery row may replace. */
const imageKeyFields = ['beforeImageKey', 'afterImageKey'] as const;

/**
 * Adds `#beforeImageKey = :beforeImageKey` (and the after image's) to an UpdateExpression being
 * built, for each image key the change names; a key the change leaves out stays as it is.
 */
export function setImageKeys(
  sets: string[],
  names: Record<string, string>,
  values: Record<string, unknown>,
  changes: Partial<Record<(typeof imageKeyFields)[number], unknown>>,
): void {
  for (const field of imageKeyFields) {
    if (changes[field] === undefined) continue;
    sets.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
  }
}
