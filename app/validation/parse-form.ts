// Every form's parse: conform's `parseWithZod` over the fields its schema asks for, and nothing
// else. conform's reply echoes what it parsed (the fields' values and their names), so a field
// no schema knows (`zz`, `notes[5].x`, a megabyte of junk) would come back in the answer; here it
// never reaches the parser (docs/decisions/1080). Field names out of bounds were refused before
// (app/utils/form-shape.ts, in readForm).
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { CONFORM_CONTROLS, fieldPath, type FieldPath } from "../utils/form-shape";

type Def = { type: string } & Record<string, unknown>;

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Wrappers whose inner schema describes the field. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional", "success"]);
/** Schemas that may hold anything: every path under them is theirs. */
const OPEN = new Set(["any", "unknown", "custom", "transform", "record", "map"]);

/** Whether `schema` has a place for the value at `path` (object keys, list indices). */
export function schemaAccepts(schema: $ZodType, path: Readonly<FieldPath>): boolean {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return schemaAccepts(def.innerType as $ZodType, path);
  if (OPEN.has(def.type)) return true;
  switch (def.type) {
    case "lazy":
      return schemaAccepts((def.getter as () => $ZodType)(), path);
    case "pipe": {
      // `.transform()` pipes the form into a function: the form is its input. `z.preprocess()`
      // pipes a function into a schema: the form is that schema's input.
      const input = def.in as $ZodType;
      return schemaAccepts(defOf(input).type === "transform" ? (def.out as $ZodType) : input, path);
    }
    case "union":
      return (def.options as $ZodType[]).some((option) => schemaAccepts(option, path));
    case "intersection":
      return schemaAccepts(def.left as $ZodType, path) || schemaAccepts(def.right as $ZodType, path);
  }
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, $ZodType>;
      if (typeof head === "string" && Object.hasOwn(shape, head)) return schemaAccepts(shape[head]!, rest);
      return def.catchall !== undefined && defOf(def.catchall as $ZodType).type !== "never" && schemaAccepts(def.catchall as $ZodType, rest);
    }
    case "array":
      return (typeof head === "number" || head === "") && schemaAccepts(def.element as $ZodType, rest);
    case "tuple": {
      const item = typeof head === "number" ? ((def.items as $ZodType[])[head] ?? (def.rest as $ZodType | null)) : null;
      return item !== null && item !== undefined && schemaAccepts(item, rest);
    }
    default:
      return false; // a string, a number, a literal… has nothing under it
  }
}

/** The longest validation intent conform sends (`{"type":"validate","payload":{"name":…}}`). */
const MAX_INTENT_CHARS = 200;

/**
 * conform's 'validate this field' intent, as conform itself sends it when a form has no validation
 * in the browser: it asks the server for the field's errors, and the action must not act on it
 * (the answer is not a success). Only this intent reaches conform on the server: it changes no
 * value, where 'update' or 'insert' would build the path they name.
 */
function isValidateIntent(value: FormDataEntryValue): boolean {
  if (typeof value !== "string" || value.length > MAX_INTENT_CHARS) return false;
  try {
    const intent: unknown = JSON.parse(value);
    if (typeof intent !== "object" || intent === null || (intent as { type?: unknown }).type !== "validate") return false;
    const payload = (intent as { payload?: unknown }).payload;
    if (typeof payload !== "object" || payload === null) return false;
    const name = (payload as { name?: unknown }).name;
    return name === undefined || (typeof name === "string" && (name === "" || fieldPath(name) !== null));
  } catch {
    return false;
  }
}

/**
 * The fields of `form` that `schema` has a place for, in their order. conform's own controls
 * (list and validation intents, its list state) act in the browser, whose validation keeps them.
 * On the server only a well-formed validation intent is kept (a form without validation in the
 * browser asks for a field's errors so, and the action must not act on it); the rest are dropped,
 * and a crafted one is neither parsed by conform nor echoed back.
 */
export function schemaFields(form: FormData | URLSearchParams, schema: $ZodType): FormData {
  const inBrowser = typeof document !== "undefined";
  const kept = new FormData();
  const verdicts = new Map<string, boolean>();
  for (const [name, value] of form.entries()) {
    if (name === "__intent__" && !inBrowser) {
      if (!kept.has(name) && isValidateIntent(value)) kept.append(name, value);
      continue;
    }
    let keep = verdicts.get(name);
    if (keep === undefined) {
      const path = CONFORM_CONTROLS.includes(name) ? (inBrowser ? [] : null) : fieldPath(name);
      keep = path !== null && (path.length === 0 || schemaAccepts(schema, path));
      verdicts.set(name, keep);
    }
    if (keep) kept.append(name, value);
  }
  return kept;
}

/**
 * `parseWithZod`, over the fields the schema asks for. Used by every form, in the action and in
 * the browser's validation alike.
 */
export const parseForm = ((payload: FormData | URLSearchParams, options: { schema: $ZodType | ((intent: null) => $ZodType) }) => {
  const schema = typeof options.schema === "function" ? options.schema(null) : options.schema;
  return (parseWithZod as (p: FormData, o: unknown) => unknown)(schemaFields(payload, schema), options);
}) as typeof parseWithZod;
