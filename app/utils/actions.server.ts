// The plumbing every loader and action shares: the form of a POST, the 404 of a row that is
// missing or someone else's, and a write that fails for reasons other than the input.
import { data } from "react-router";
import { unboundedFieldName } from "./form-shape";
import { readBodyWithin } from "./request-body.server";
import { BODY_MESSAGES } from "./security.server";

/** Nothing found, or someone else's: the same 404 either way (a public page may say what is missing in `body`). */
export function notFound(body: unknown = null): never {
  throw data(body, { status: 404 });
}

/** The row, or a 404 when there is none. */
export function requireFound<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) notFound();
  return row;
}

/**
 * The POST's form. A body that is not a readable form is a 400 with the body checks' message,
 * never a 500 and never an empty form read as 'no intent'. (The root middleware refuses such
 * bodies first; this keeps every action honest on its own.)
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(BODY_MESSAGES.unreadable, { status: 400 });
  }
  return boundedForm(form);
}

/**
 * The form of an upload that reads its own body (a photo, a contact file): 'too-large' past
 * `limit` bytes (counted while reading, the rest read away so a browser still sending sees the
 * form's message), 'unreadable' for a body that is no form; field names out of bounds are a 400
 * as in `readForm`. Works the same on Node and Workers.
 */
export async function readUploadForm(request: Request, limit: number): Promise<FormData | "too-large" | "unreadable"> {
  const body = await readBodyWithin(request, limit);
  if (!body) return "too-large";
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return "unreadable";
  }
  return boundedForm(form);
}

/**
 * A form every action may hand to a parser: a field name no form of the app has (a list index
 * past its longest list, names nested too deep) is a 400 before anything is built from it
 * (docs/decisions/1080). Every form the app reads passes here: `readForm`, and the uploads that
 * read their own bodies.
 */
function boundedForm(form: FormData): FormData {
  if (unboundedFieldName(form.keys()) !== null) throw data(BODY_MESSAGES.formShape, { status: 400 });
  return form;
}

/** What `attemptWrite` answers when the write failed; the caller answers its own error. */
export const WRITE_FAILED: unique symbol = Symbol("write failed");

/**
 * A write that may fail for reasons other than the input (the database unreachable): the error is
 * logged with `label` and WRITE_FAILED comes back, for the caller to answer with its form error
 * (status 500) or an error toast, nothing the user typed lost. An error `expected` recognises (a
 * unique index deciding a race) is no failure: its value comes back instead, unlogged.
 */
export async function attemptWrite<T, E = never>(
  label: string,
  write: () => Promise<T>,
  expected?: (error: unknown) => E | undefined,
): Promise<T | E | typeof WRITE_FAILED> {
  try {
    return await write();
  } catch (error) {
    const known = expected?.(error);
    if (known !== undefined) return known;
    console.error(`${label} failed`, error);
    return WRITE_FAILED;
  }
}

/** The answer to a write that failed: the form's reply, status 500. */
export function writeFailed<T>(reply: T) {
  return data(reply, { status: 500 });
}
