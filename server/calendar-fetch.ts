// The Node server's fetcher for external calendars (app/domain/calendars/fetch-feed.server.ts):
// the connection itself checks every address the name resolves to and refuses a non-public one,
// so a DNS answer cannot point the server at its own network between a check and the connect
// (docs/decisions/0956). One hop, no redirects followed (the app follows and checks them).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";

type FeedFetcher = (url: URL, init: { headers: Headers; signal: AbortSignal }) => Promise<Response>;

const isLoopbackIp = (ip: string) => ip.startsWith("127.") || ip === "::1" || ip === "::ffff:127.0.0.1";

/** `isNonPublic` is the app's own rule (addresses.ts); `allowLoopback` only ever true in tests. */
export function createFeedFetcher(isNonPublic: (ip: string) => boolean, allowLoopback: () => boolean): FeedFetcher {
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => isNonPublic(a.address) && !(allowLoopback() && isLoopbackIp(a.address)));
      if (refused || list.length === 0) return callback(new Error(`refused address ${refused?.address ?? "(none)"} for ${hostname}`), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const send = url.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(url, { headers: Object.fromEntries(init.headers), signal: init.signal, lookup }, (res) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        const status = res.statusCode ?? 502;
        const empty = status === 204 || status === 304 || status < 200;
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status: Math.max(200, status), headers }));
      });
      request.on("error", reject);
      request.end();
    });
}
