// redirectTo on /login: only paths of this site are followed, and no value gives a 5xx
// (a newline in it made the Location header throw: a 500).
import { test, expect } from "@playwright/test";
import { createPro } from "../e2e/fixtures";
import { actor } from "./support";

const HOSTILE = ["/x\nfoo", "/x\r\nSet-Cookie: a=b", "//evil.example", "/\\evil.example", "https://evil.example", "/\tx"];

test("GET /login with a hostile redirectTo answers the page, never a 5xx", async ({ playwright }) => {
  const api = await actor(playwright);
  for (const to of HOSTILE) {
    const res = await api.get(`/login?redirectTo=${encodeURIComponent(to)}`);
    expect(res.status(), JSON.stringify(to)).toBe(200);
  }
});

test("signing in with a hostile redirectTo lands on the dashboard; a path of the site is followed", async ({ playwright }) => {
  const pro = await createPro();
  for (const to of [...HOSTILE, "/agenda?novo=1"]) {
    const api = await actor(playwright);
    const res = await api.post("/login", {
      form: { intent: "login", email: pro.email, password: pro.password, redirectTo: to },
      maxRedirects: 0,
    });
    expect(res.status(), JSON.stringify(to)).toBe(302);
    expect(res.headers()["location"], JSON.stringify(to)).toBe(to === "/agenda?novo=1" ? to : "/dashboard");
  }
});
