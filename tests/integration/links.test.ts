// Every absolute link the app sends is built from APP_URL (or localhost and the port), never from
// the request's Host header: a forged Host would otherwise put an attacker's address in front of
// a password-reset token.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../db/schema";
import { action as loginAction } from "../../app/routes/login";
import { appUrl } from "../../app/utils/env.server";
import { createTestDb } from "../support/db";
import { envOverrides } from "../support/env";
import { createProfessional } from "../support/factories";
import { callAction } from "../support/routes";

const overrides = envOverrides();
beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  overrides.restore();
  vi.restoreAllMocks();
});

/** A same-origin POST as a client that forged Host (the URL a Node server builds from it). */
function forgedHostPost(path: string, fields: Record<string, string>) {
  return new Request(`http://evil.example${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" },
    body: new URLSearchParams(fields),
  });
}

/** 'Esqueceu a senha?' posted with Host: evil.example; the e-mail it sends. */
async function resetMailWithForgedHost() {
  const db = createTestDb();
  const pro = await createProfessional(db);
  await callAction(loginAction, { db, request: forgedHostPost("/login", { intent: "reset", email: pro.email, password: "" }) });
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
  return mail!;
}

describe("absolute links", () => {
  it("the reset e-mail links to APP_URL whatever Host the request carried", async () => {
    overrides.set({ APP_URL: "https://agendo.app/" });
    const mail = await resetMailWithForgedHost();
    expect(mail.text).toMatch(/https:\/\/agendo\.app\/redefinir-senha\?token=[\w-]+/);
    expect(mail.text).not.toContain("evil.example");
  });

  it("without APP_URL the links point to localhost and the port the server listens on", async () => {
    overrides.set({ APP_URL: undefined, PORT: "4321" });
    const mail = await resetMailWithForgedHost();
    expect(mail.text).toContain("http://localhost:4321/redefinir-senha?token=");
    expect(mail.text).not.toContain("evil.example");
  });

  it("APP_URL must be an origin", () => {
    overrides.set({ APP_URL: "agendo.app" });
    expect(() => appUrl()).toThrow();
    overrides.set({ APP_URL: "https://agendo.app" });
    expect(appUrl()).toBe("https://agendo.app");
  });
});
