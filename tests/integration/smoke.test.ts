import { describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/login";
import { contextFor, cookiesFrom, createTestDb, formRequest } from "../support/db";
import { createProfessional } from "../support/factories";

describe("login action", () => {
  it("signs in with the right password", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const res = (await loginAction({
      request: formRequest("/login", { email: pro.email, password: pro.password, intent: "login" }),
      context: contextFor(db),
      params: {},
    } as never)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(cookiesFrom(res)).toContain("__session=");
  });
});
