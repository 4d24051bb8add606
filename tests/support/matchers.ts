// Matchers for what a loader or action answers, registered for every test file (vitest.config.ts
// setupFiles). What the user would see: where they are sent, the toast the next page shows, the
// message beside a form field.
import { expect } from "vitest";
import type { Toast } from "../../app/utils/toast.server";
import { isDataReply } from "./replies";

interface RouteMatchers<R> {
  /**
   * A redirect to exactly this Location (path and query), or to one this pattern matches (a new
   * token, Stripe's page), with status 302 unless another is given.
   */
  toHaveRedirect(path: string | RegExp, status?: number): R;
  /**
   * The flash toast the response sets, read back as the next page reads it. Each key given must be
   * equal (a key given as undefined must be absent); without an argument, any toast. Await it.
   */
  toSendToast(expected?: Partial<Toast>): Promise<R>;
  /**
   * A data() reply with status 400 whose conform result has exactly these messages beside the
   * field ("" is the form-level error).
   */
  toHaveFieldError(field: string, message: string | readonly string[]): R;
}

declare module "vitest" {
  // Type parameters as vitest declares them, for the declarations to merge.
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends RouteMatchers<R> {}
}

const TOAST_KEYS = new Set(["type", "title", "description", "actions"]);

expect.extend({
  toHaveRedirect(received: unknown, path: string | RegExp, status = 302) {
    const { printReceived, printExpected } = this.utils;
    if (!(received instanceof Response)) {
      return { pass: false, message: () => `expected a redirect Response, got ${printReceived(received)}` };
    }
    const location = received.headers.get("Location");
    const pass = received.status === status && (typeof path === "string" ? location === path : location !== null && path.test(location));
    return {
      pass,
      message: () =>
        `expected ${this.isNot ? "no " : ""}redirect ${status} to ${printExpected(path)}, ` +
        `got ${received.status} to ${printReceived(location)}`,
      actual: { status: received.status, location },
      expected: { status, location: path },
    };
  },

  async toSendToast(received: unknown, expected: Partial<Toast> = {}) {
    const { printReceived, printExpected } = this.utils;
    if (!(received instanceof Response)) {
      return { pass: false, message: () => `expected a Response setting a toast, got ${printReceived(received)}` };
    }
    // Loaded here, not above: this file is set up for every test, most of which never read a toast.
    const { toastOf } = await import("./db");
    const toast = await toastOf(received);
    const record = (toast ?? {}) as Record<string, unknown>;
    const pass =
      toast !== null &&
      Object.keys(record).every((key) => TOAST_KEYS.has(key)) &&
      Object.entries(expected).every(([key, value]) => this.equals(record[key], value));
    return {
      pass,
      message: () => `expected ${this.isNot ? "no " : ""}toast ${printExpected(expected)}, got ${printReceived(toast)}`,
      actual: toast,
      expected,
    };
  },

  toHaveFieldError(received: unknown, field: string, message: string | readonly string[]) {
    const { printReceived, printExpected } = this.utils;
    const messages = typeof message === "string" ? [message] : [...message];
    if (!isDataReply(received)) {
      const got = received instanceof Response ? `a ${received.status} Response` : printReceived(received);
      return { pass: false, message: () => `expected a data() reply with a field error, got ${got}` };
    }
    const status = received.init?.status ?? 200;
    const result = (received.data as { result?: { error?: Record<string, unknown> | null } } | null)?.result;
    const errors = result?.error?.[field];
    const pass = status === 400 && this.equals(errors, messages);
    return {
      pass,
      message: () =>
        `expected ${this.isNot ? "no " : ""}400 with ${printExpected(messages)} beside ${printExpected(field)}, ` +
        `got ${status} with ${printReceived(errors)} (all errors: ${printReceived(result?.error)})`,
      actual: { status, [field]: errors },
      expected: { status: 400, [field]: messages },
    };
  },
});
