// Work that must not hold up the answer (an e-mail's delivery, a cache write): on Workers it is
// handed to the execution context's `waitUntil`, which keeps the Worker alive until it ends; on
// Node the promise simply runs on after the response. Failures are logged, never thrown.
import { createContext, type RouterContextProvider } from "react-router";

export type Background = { waitUntil(promise: Promise<unknown>): void };

/** Node: the promise runs on by itself; only its failure needs catching. */
export const runAfterResponse: Background = {
  waitUntil(promise) {
    promise.catch((error) => console.error("[background] failed", error));
  },
};

export const backgroundContext = createContext<Background>(runAfterResponse);

/** Runs `work` after the answer, with this request's means of doing so. */
export function afterResponse(context: Readonly<RouterContextProvider>, work: () => Promise<unknown>) {
  const promise = work();
  context.get(backgroundContext).waitUntil(
    promise.catch((error) => {
      console.error("[background] failed", error);
    }),
  );
}
