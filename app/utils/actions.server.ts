// The plumbing every loader and action shares: the form of a POST, the 404 of a row that is
// missing or someone else's, and a write that fails for reasons other than the input.
import { data } from "react-router";
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
  try {
    return await request.formData();
  } catch {
    throw data(BODY_MESSAGES.unreadable, { status: 400 });
  }
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
