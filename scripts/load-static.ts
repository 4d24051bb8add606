// The baseline of `npm run bench:load`: one HTML file served by a bare node:http server, in its
// own process, so the booking page's throughput can be compared with the same bytes served
// without rendering or database work. Usage: node scripts/load-static.ts FILE PORT
// (no imports of the project: Node 24 runs it directly, without tsx).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error("usage: node scripts/load-static.ts FILE PORT");
  process.exit(2);
}
// Read once, like a static file server with a warm page cache.
const body = readFileSync(file);
const server = createServer((req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405).end();
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
    "Cache-Control": "no-cache",
  });
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => console.log(`static ${file} (${body.length} bytes) on ${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
