// Telling apart what a loader or action answered: a data() reply (status and headers around
// data), a Response (a redirect, a file), or something thrown. No app modules here: the matchers
// (a setup file of every test) use it.
import type { UNSAFE_DataWithResponseInit } from "react-router";

type DataReply = UNSAFE_DataWithResponseInit<unknown>;

/** Whether a loader's or action's value is a `data(...)` reply (a status and headers around data). */
export function isDataReply(value: unknown): value is DataReply {
  return !!value && typeof value === "object" && (value as DataReply).type === "DataWithResponseInit";
}

/** The `data(...)` reply a loader or action answered with, narrowed to it; anything else fails. */
export function replyOf<T>(value: T): Extract<T, DataReply> {
  if (value instanceof Response) throw new Error(`expected a data() reply, got a ${value.status} response`);
  if (!isDataReply(value)) throw new Error(`expected a data() reply, got ${JSON.stringify(value)}`);
  return value as Extract<T, DataReply>;
}

/** The Response (a redirect, a file) a loader or action answered with; anything else fails. */
export function responseOf(value: unknown): Response {
  if (!(value instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
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
