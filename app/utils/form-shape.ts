// The shape a form of the app can have, checked before any parser builds objects from it
// (docs/decisions/1080). A field name like `pagamentos[100000000].metodo` makes conform build an
// array of 100,000,001 slots, and zod then visits every one: one 60-byte post would stall the
// process and exhaust its memory. No form of the app has a list of more than a hundred rows, nor
// names nested more than a few levels deep.

/** The largest list index any form of the app sends (its longest list: 'Fechar atendimento'). */
export const MAX_FORM_INDEX = 99;
/** `a.b[0].c` is 4 segments; the deepest form name of the app has 3. */
export const MAX_FORM_DEPTH = 4;
/** Longer names are no field of ours. */
export const MAX_FIELD_NAME_LENGTH = 120;

/** conform's own controls (list and validation intents, its list state): see parseForm. */
export const CONFORM_CONTROLS: readonly string[] = ["__intent__", "__state__"];

/** A field name's path as conform reads it: `a.b[0]` is ['a', 'b', 0]; `a[]` ends in ''. */
export type FieldPath = (string | number)[];

const SEGMENT = /([^.[\]]+)|\[(\d*)\]/g;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The path of a field name, or null when it is out of bounds (too long, too deep, an index past
 * the longest list) or no name a form of ours could have (broken brackets, '__proto__').
 */
export function fieldPath(name: string): FieldPath | null {
  if (name.length === 0 || name.length > MAX_FIELD_NAME_LENGTH) return null;
  const path: FieldPath = [];
  let end = 0;
  for (const match of name.matchAll(SEGMENT)) {
    // One '.' may sit between two segments, nothing else.
    if (match.index !== end && !(match.index === end + 1 && name[end] === "." && end > 0)) return null;
    end = match.index + match[0].length;
    const [, key, index] = match;
    if (key !== undefined) {
      if (FORBIDDEN_KEYS.has(key)) return null;
      path.push(key);
    } else if (index === "") {
      path.push("");
    } else {
      const number = Number(index);
      if (number > MAX_FORM_INDEX) return null;
      path.push(number);
    }
    if (path.length > MAX_FORM_DEPTH) return null;
  }
  return end === name.length ? path : null;
}

/** The first field name out of bounds, or null when every name is one a form of ours can have. */
export function unboundedFieldName(names: Iterable<string>): string | null {
  for (const name of names) if (!CONFORM_CONTROLS.includes(name) && fieldPath(name) === null) return name;
  return null;
}
