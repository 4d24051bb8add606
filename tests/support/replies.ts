// Telling apart what a loader or action answered: a data() reply (status and headers around
// data), a Response (a redirect, a file), or something thrown. No app modules here: the matchers
// (a setup file of every test) use it.
import type { UNSAFE_DataWithResponseInit } from "react-router";

type DataReply = UNSAFE_DataWithResponseInit<unknown>;

/** Error texts a framework or server would answer in English: never what a person here reads. */
export const ENGLISH_ERROR_TEXT = /Bad Request|Unexpected Server Error|Internal Server Error|\bNot Found\b|Method Not Allowed/;

/** Whether a loader's or action's value is a `data(...)` reply (a status and headers around data). */
export function isDataReply(value: unknown): value is DataReply {
  return !!value && typeof value === "object" && (value as DataReply).type === "DataWithResponseInit";
}

/** The reply `replyOf` narrows to: of the loader's or action's own type, or of unknown data for a caught throw. */
type ReplyOf<T> = unknown extends T ? DataReply : Extract<T, DataReply>;

/** The `data(...)` reply a loader or action answered with, narrowed to it; anything else fails. */
export function replyOf<T>(value: T): ReplyOf<T> {
  if (value instanceof Response) throw new Error(`expected a data() reply, got a ${value.status} response`);
  if (!isDataReply(value)) throw new Error(`expected a data() reply, got ${JSON.stringify(value)}`);
  return value as ReplyOf<T>;
}

/** The Response (a redirect, a file) a loader or action answered with; anything else fails. */
export function responseOf(value: unknown): Response {
  if (!(value instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

/** Where a redirect sends the browser (its Location: a new token's page, Stripe's); anything else fails. */
export function locationOf(value: unknown): string {
  const location = responseOf(value).headers.get("Location");
  if (location === null) throw new Error(`expected a redirect, got a ${(value as Response).status} response without Location`);
  return location;
}

/** The status a loader's or action's answer carries: a Response's, a data() reply's (200 unless set), 200 for plain data. */
export function answerStatus(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (isDataReply(value)) return value.init?.status ?? 200;
  return 200;
}

/** What a call threw; fails when it did not throw. */
export async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The status a loader or action threw (a data() reply or a Response); fails when it did not throw. */
export async function thrownStatus(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await thrownBy(promise);
  if (isDataReply(error)) return error.init?.status;
  if (error instanceof Response) return error.status;
  throw error;
}
