// On Workers a deploy that forgot the e-mail settings is refused as it starts, instead of writing
// every e-mail (password-reset links included) into the logs and marking it sent; a demo says so
// with ALLOW_LOG_EMAIL=1. On Node the log transport stays the newcomer's default (docs/decisions/1240).
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, LOG_EMAIL_REFUSED } from "../../app/utils/env.server";
import { envOverrides } from "../support/env";

const overrides = envOverrides();
const deployed = { SESSION_SECRET: "s".repeat(32), APP_URL: "https://agendo.app", DATABASE_URL: "libsql://agendo.turso.io" };
afterEach(() => {
  vi.unstubAllGlobals();
  overrides.restore();
});

describe("the e-mail transport on Workers", () => {
  it("refuses the log transport, named or by default, unless a demo allows it", () => {
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    overrides.set({ ...deployed, EMAIL_TRANSPORT: undefined, ALLOW_LOG_EMAIL: undefined });
    expect(() => env()).toThrow(LOG_EMAIL_REFUSED);
    overrides.set({ EMAIL_TRANSPORT: "log" });
    expect(() => env()).toThrow(LOG_EMAIL_REFUSED);
    overrides.set({ ALLOW_LOG_EMAIL: "0" });
    expect(() => env()).toThrow(LOG_EMAIL_REFUSED);
    overrides.set({ ALLOW_LOG_EMAIL: "1" });
    expect(env().EMAIL_TRANSPORT).toBe("log");
    overrides.set({ ALLOW_LOG_EMAIL: undefined, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" });
    expect(env().EMAIL_TRANSPORT).toBe("resend");
  });

  it("keeps the log transport on Node without being asked", () => {
    overrides.set({ ...deployed, EMAIL_TRANSPORT: undefined, ALLOW_LOG_EMAIL: undefined });
    expect(env().EMAIL_TRANSPORT).toBe("log");
  });
});
