// Round trips to the database per request on the Workers build (issue 13): counted by the proxy
// between the Worker and the database, with a delay per request so that requests sent together
// and requests that wait for each other are told apart. Counts, not timings: they do not flake.
import { test, expect } from "@playwright/test";
import { httpDb } from "./fixtures";
import { TRIP_PROXY_URL, WORKER_URL } from "./env";
import { edgeRequests, seedColdPages, seedEdgeProfessional, setProxyDelay, tripsOf, type EdgeSeed } from "./trips";

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
  for (const request of edgeRequests(seed, () => statusPath, coldSlugs)) {
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
    rows.push(`${request.label.padEnd(32)} sequential ${report.sequential} (target ≤ ${request.targetTrips}), total ${report.total}, in flight ≤ ${report.maxInFlight}`);
    if (report.sequential > request.targetTrips) over.push(`${request.label}: ${report.sequential} sequential round trips > ${request.targetTrips}`);
    if (report.maxInFlight > MAX_IN_FLIGHT) over.push(`${request.label}: ${report.maxInFlight} requests in flight > ${MAX_IN_FLIGHT}`);
  }
  console.log(rows.join("\n"));
  expect(over).toEqual([]);
});
