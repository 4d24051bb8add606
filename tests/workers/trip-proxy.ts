// TEST ONLY. Sits between the Worker and the test Hrana endpoint, as the network between a Worker
// and Turso does: every database request is counted and may be held for a fixed delay, so the
// round trips a page costs (and how long a customer far from the database waits) can be
// measured locally. Never part of the app.
//
// Control (on the same port, not forwarded):
//   POST /__trips/reset          forget what was recorded
//   POST /__trips/delay?ms=50    hold each request this long before forwarding it
//   GET  /__trips                { total, maxInFlight, sequential, requests: [{ start, end }] }
// `sequential` is the longest chain of requests each of which started only after the one before
// it had answered: the round trips that add up in the time to first byte. Requests sent together
// (one `Promise.all`) count once in it, and each in `total`.
//
// Usage: tsx tests/workers/trip-proxy.ts   TRIP_PROXY_PORT=8797  TRIP_PROXY_TARGET=http://127.0.0.1:8798
import { createServer, type IncomingMessage } from "node:http";

export type Trip = { start: number; end: number };
export type TripReport = { total: number; maxInFlight: number; sequential: number; requests: Trip[] };

/** The longest chain of requests where each started after the previous one had ended. */
export function sequentialTrips(requests: readonly Trip[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= sorted[i]!.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  }
  return Math.max(0, ...depth);
}

/** The most requests open at one moment. */
export function maxInFlight(requests: readonly Trip[]): number {
  const events = requests.flatMap((r) => [
    [r.start, 1],
    [r.end, -1],
  ]) as [number, number][];
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let most = 0;
  for (const [, change] of events) {
    open += change;
    most = Math.max(most, open);
  }
  return most;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function startTripProxy(port: number, target: string) {
  let delayMs = 0;
  let trips: Trip[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy");
    if (url.pathname.startsWith("/__trips")) {
      if (req.method === "POST" && url.pathname === "/__trips/reset") trips = [];
      if (req.method === "POST" && url.pathname === "/__trips/delay") delayMs = Number(url.searchParams.get("ms") ?? 0);
      const report: TripReport = { total: trips.length, maxInFlight: maxInFlight(trips), sequential: sequentialTrips(trips), requests: trips };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(report));
      return;
    }
    const trip: Trip = { start: performance.now(), end: Number.POSITIVE_INFINITY };
    trips.push(trip);
    try {
      const body = await readBody(req);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "connection" && name !== "content-length") headers.set(name, value);
      }
      const upstream = await fetch(target + url.pathname + url.search, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
      });
      const answer = Buffer.from(await upstream.arrayBuffer());
      trip.end = performance.now();
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
      res.end(answer);
    } catch (error) {
      trip.end = performance.now();
      console.error("[trip-proxy]", error);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  return new Promise<{ close(): void }>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ close: () => server.close() })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.TRIP_PROXY_PORT ?? 8797);
  const target = process.env.TRIP_PROXY_TARGET ?? "http://127.0.0.1:8798";
  const proxy = await startTripProxy(port, target);
  console.log(`Trip-counting proxy on http://127.0.0.1:${port} -> ${target}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      proxy.close();
      process.exit(0);
    });
  }
}
