// Round trips to the database per request on the Workers build (issue 13): counted by the proxy
// between the Worker and the database, with a delay per request so that requests sent together
// and requests that wait for each other are told apart. Counts, not timings: they do not flake.
import { test, expect } from "@playwright/test";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { createSession, readSessionId } from "../../app/utils/session.server";
import { httpDb } from "./fixtures";
import { TRIP_PROXY_URL, WORKER_URL } from "./env";
import { edgeRequests, seedColdPages, seedEdgeProfessional, setProxyDelay, signedInCookie, tripsOf, type EdgeSeed } from "./trips";

/** Cloudflare lets one Worker request have at most six outgoing connections open. */
const MAX_IN_FLIGHT = 6;

let seed: EdgeSeed;
let coldSlugs: string[] = [];
let statusPath = "";

test.beforeAll(async () => {
  process.env.SESSION_SECRET = process.env.WORKERS_E2E_SESSION_SECRET;
  seed = await seedEdgeProfessional(httpDb(), WORKER_URL);
  coldSlugs = await seedColdPages(httpDb(), 2);
  await setProxyDelay(TRIP_PROXY_URL, 15);
});

test.afterAll(async () => {
  await setProxyDelay(TRIP_PROXY_URL, 0);
});

test("each request of the booking path and the workspace stays within its round trips", async () => {
  const rows: string[] = [];
  const over: string[] = [];
  const signIn = () => signedInCookie(httpDb(), WORKER_URL, seed);
  for (const request of edgeRequests(seed, () => statusPath, coldSlugs, signIn)) {
    // Once to warm the Worker (and any cache) up, then measured (a cold step 1 on a page of its own).
    const warm = await tripsOf(TRIP_PROXY_URL, WORKER_URL, request);
    const location = warm.response.headers.get("location") ?? "";
    if (request.label === "booking POST") {
      expect(warm.response.status, "booking POST redirects to the status page").toBe(302);
      statusPath = location.replace(/\?.*$/, "");
    } else {
      expect(warm.response.status, request.label).toBeLessThan(400);
    }
    const { report } = await tripsOf(TRIP_PROXY_URL, WORKER_URL, request);
    rows.push(`${request.label.padEnd(34)} sequential ${report.sequential} (target ≤ ${request.targetTrips}), total ${report.total}, in flight ≤ ${report.maxInFlight}`);
    if (report.sequential > request.targetTrips) over.push(`${request.label}: ${report.sequential} sequential round trips > ${request.targetTrips}`);
    if (report.maxInFlight > MAX_IN_FLIGHT) over.push(`${request.label}: ${report.maxInFlight} requests in flight > ${MAX_IN_FLIGHT}`);
  }
  console.log(rows.join("\n"));
  expect(over).toEqual([]);
});

// Issue 34: the dashboard right after signing in through the form is one round trip, though no
// isolate has seen the session: the cookie the sign-in answers with carries what the page's reads
// are built from, and the session is read beside them (docs/decisions/1210).
test("the dashboard right after signing in is one round trip", async () => {
  const login = await fetch(`${WORKER_URL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: WORKER_URL },
    body: new URLSearchParams({ email: seed.email, password: seed.password, intent: "login", redirectTo: "" }),
  });
  expect(login.headers.get("location")).toBe("/dashboard");
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("__session="))!.split(";")[0]!;
  const { response, body, report } = await tripsOf(TRIP_PROXY_URL, WORKER_URL, {
    label: "/dashboard after sign-in",
    targetTrips: 1,
    run: (o) => fetch(`${o}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } }),
  });
  expect(response.status).toBe(200);
  expect(body).toContain("Marina Borda");
  expect(report.sequential).toBe(1);
});

// The session read beside the page (issue 27): once a session is known to the Worker, an ended
// one still gets /login and not a byte of the page, on documents and data requests alike.
test("an expired, signed-out or missing session gets /login and none of the page", async () => {
  const db = httpDb();
  const opened = async (cookie: string | null, path = "/clientes") => {
    const res = await fetch(WORKER_URL + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
    return { status: res.status, location: res.headers.get("location") ?? "", body: await res.text() };
  };
  const session = async () => (await createSession(db, new Request(WORKER_URL), seed.userId, true)).split(";")[0]!;
  const expired = await session();
  const signedOut = await session();
  for (const cookie of [expired, signedOut]) expect((await opened(cookie)).body).toContain("Cliente 20");
  await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, await idOf(expired)));
  await db.delete(sessions).where(eq(sessions.id, await idOf(signedOut)));
  for (const cookie of [expired, signedOut, null]) {
    for (const path of ["/clientes", "/clientes.data"]) {
      const answer = await opened(cookie, path);
      expect(answer.status, path).toBe(path.endsWith(".data") ? 202 : 302);
      expect(answer.location || answer.body, path).toContain("/login?redirectTo=");
      expect(answer.body, path).not.toContain("Cliente 20");
    }
  }
});

/** The session id a cookie names (as the app reads it). */
async function idOf(cookie: string) {
  const id = await readSessionId(new Request(WORKER_URL, { headers: { Cookie: cookie } }));
  if (!id) throw new Error("unreadable cookie");
  return id;
}
