// Sessions after sign-in ('Lembrar senha', sign-out, revocation) and the root middleware's refusal of cross-site writes.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../db/schema";
import { middleware } from "../../app/root";
import { loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction } from "../../app/routes/logout";
import { action as registerAction, loader as registerLoader } from "../../app/routes/register";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, responseOf, routeArgs, runMiddleware, thrownBy } from "../support/routes";
import { rows, sessionUser, setCookie, signIn } from "../support/account-forms";

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {}); // the log e-mail transport
});
afterEach(() => {
  vi.restoreAllMocks();
});

// ------------------------------------------------------------------ sessions

describe("sessions", () => {
  it("a signed-in visitor opening /login or /register goes to /dashboard", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    for (const open of [
      () => callLoader(loginLoader, { db, path: "/login", cookie }),
      () => callLoader(registerLoader, { db, path: "/register", cookie }),
    ]) {
      const thrown = responseOf(await thrownBy(open()));
      expect(thrown).toHaveRedirect("/dashboard");
    }
    // A signed-in register POST is redirected too, and creates nothing.
    const post = responseOf(
      await thrownBy(
        callAction(registerAction, { db, path: "/register", form: { name: "Nova", email: "nova@example.com" }, cookie }),
      ),
    );
    expect(post).toHaveRedirect("/dashboard");
    expect(await rows(db, users)).toBe(1);
  });

  it("an anonymous visitor sees /login and /register", async () => {
    const db = createTestDb();
    expect(await callLoader(loginLoader, { db, path: "/login" })).toBeNull();
    expect(await callLoader(registerLoader, { db, path: "/register" })).toEqual({ email: "" });
  });

  it("an invitation link fills in the e-mail; anything that is not an e-mail is ignored", async () => {
    const db = createTestDb();
    expect(await callLoader(registerLoader, { db, path: "/register?email=Joana%40Example.com" })).toEqual({ email: "joana@example.com" });
    expect(await callLoader(registerLoader, { db, path: "/register?email=%3Cscript%3E" })).toEqual({ email: "" });
  });

  it("logout ends this session on the server and clears the cookie", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    const otherDevice = await signIn(db, pro.email, pro.password);
    expect(await sessionUser(db, cookie)).not.toBeNull();

    const res = responseOf(await callAction(logoutAction, { db, path: "/logout", cookie }));
    expect(res).toHaveRedirect("/login");
    expect(setCookie(res, "__session")).toMatch(/^__session=;.*Max-Age=0/);

    // Replaying the old cookie does not bring the session back.
    expect(await sessionUser(db, cookie)).toBeNull();
    expect(await rows(db, sessions)).toBe(1);
    expect((await sessionUser(db, otherDevice.cookie))?.id).toBe(pro.id);
  });

  it("a tampered session cookie is treated as signed out", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { res } = await signIn(db, pro.email, pro.password);
    const value = /^__session=([^;]+)/.exec(setCookie(res, "__session")!)![1]!;
    expect((await sessionUser(db, `__session=${value}`))?.id).toBe(pro.id);

    const i = value.indexOf("."); // first character of the signature
    const other = value[i + 1] === "A" ? "B" : "A";
    const tampered = value.slice(0, i + 1) + other + value.slice(i + 2);
    expect(tampered).not.toBe(value);
    expect(await sessionUser(db, `__session=${tampered}`)).toBeNull();
    // Changing the signed value (first character) fails too.
    const tamperedValue = (value[0] === "A" ? "B" : "A") + value.slice(1);
    expect(await sessionUser(db, `__session=${tamperedValue}`)).toBeNull();
    // A raw, unsigned session id is refused.
    const [row] = await db.select({ id: sessions.id }).from(sessions);
    expect(await sessionUser(db, `__session=${encodeURIComponent(btoa(JSON.stringify(row!.id)))}`)).toBeNull();
  });

  it("an expired session is signed out", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await sessionUser(db, cookie)).toBeNull();
  });
});

// ------------------------------------------------------------------ CSRF

describe("root middleware (cross-site writes)", () => {
  // The root middlewares as React Router chains them around the route (`next`): headers around the write checks.
  const root = async (db: Db, request: Request, next: () => Promise<Response>) =>
    runMiddleware(middleware, await routeArgs({ db, request }), next);
  const ok = () => vi.fn<() => Promise<Response>>(async () => new Response("ok"));

  function post(headers: Record<string, string>) {
    return new Request(`${ORIGIN}/login`, { method: "POST", headers, body: new URLSearchParams({ email: "x" }) });
  }

  it("refuses a POST from another origin with 403", async () => {
    const db = createTestDb();
    const next = ok();
    const error = await thrownBy(root(db, post({ Origin: "https://evil.example" }), next));
    expect(error).toMatchObject({ init: { status: 403 }, data: "Solicitação de outro site recusada." });
    expect(next).not.toHaveBeenCalled();
  });

  it("refuses a POST the browser marks cross-site, even without Origin", async () => {
    const db = createTestDb();
    const next = ok();
    const error = await thrownBy(root(db, post({ "Sec-Fetch-Site": "cross-site" }), next));
    expect(error).toMatchObject({ init: { status: 403 } });
    expect(next).not.toHaveBeenCalled();
  });

  it("lets a same-origin POST through and adds the security headers", async () => {
    const db = createTestDb();
    const next = ok();
    const res = await root(db, post({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }), next);
    expect(next).toHaveBeenCalledOnce();
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("lets a cross-site GET (a link) through", async () => {
    const db = createTestDb();
    const next = ok();
    const request = new Request(`${ORIGIN}/login`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    await root(db, request, next);
    expect(next).toHaveBeenCalledOnce();
  });
});
