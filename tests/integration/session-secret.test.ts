// No public value ever signs a cookie: the old fixed fallback is refused, a missing secret is an
// error, and `npm start` keeps a random one beside the database (docs/decisions/0533).
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, sessionSecret } from "../../app/utils/env.server";
import { createSession } from "../../app/utils/session.server";
import { ensureSessionSecret, sessionSecretPath } from "../../scripts/session-secret";
import { createTestDb } from "../support/db";
import { envOverrides } from "../support/env";
import { createProfessional } from "../support/factories";

const overrides = envOverrides();
afterEach(() => overrides.restore());

describe("the session secret", () => {
  it("refuses the public value older versions fell back to", () => {
    overrides.set({ SESSION_SECRET: "agendo-local-development-secret" });
    expect(() => env()).toThrow(/public development value/);
  });

  it("signs nothing when none is set", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    overrides.set({ SESSION_SECRET: undefined });
    expect(() => sessionSecret()).toThrow(/SESSION_SECRET is not set/);
    await expect(createSession(db, new Request("http://localhost/"), pro.id, false)).rejects.toThrow(/SESSION_SECRET/);
  });

  it("is generated once beside the database, private to its owner, and kept across starts", () => {
    const dir = mkdtempSync(join(tmpdir(), "agendo-secret-"));
    const url = `file:${dir}/agendo.db`;
    overrides.set({ SESSION_SECRET: undefined });
    expect(ensureSessionSecret(url)).toBe(join(dir, ".session-secret"));
    const first = process.env.SESSION_SECRET!;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(statSync(sessionSecretPath(url)).mode & 0o777).toBe(0o600);

    overrides.set({ SESSION_SECRET: undefined });
    ensureSessionSecret(url);
    expect(process.env.SESSION_SECRET).toBe(first);
    expect(readFileSync(sessionSecretPath(url), "utf8").trim()).toBe(first);
  });

  it("a configured secret wins and no file is written", () => {
    overrides.set({ SESSION_SECRET: "configured-secret-0123456789" });
    expect(ensureSessionSecret("file:/nonexistent/dir/agendo.db")).toBe("configured");
    expect(process.env.SESSION_SECRET).toBe("configured-secret-0123456789");
  });
});
