import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isNonPublicAddress } from "../app/domain/calendars/addresses";
import { createFeedFetcher } from "./calendar-fetch";

describe("the Node server's calendar fetcher", () => {
  it("refuses to connect where a name resolves to a non-public address, unless tests allow loopback", async () => {
    const server = createServer((_req, res) => res.writeHead(200, { ETag: '"x"' }).end("BEGIN:VCALENDAR"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://localhost:${(server.address() as AddressInfo).port}/agenda.ics`);
    const init = () => ({ headers: new Headers(), signal: AbortSignal.timeout(5_000) });
    try {
      await expect(createFeedFetcher(isNonPublicAddress, () => false)(url, init())).rejects.toThrow(/refused address/);
      const answer = await createFeedFetcher(isNonPublicAddress, () => true)(url, init());
      expect([answer.status, answer.headers.get("etag"), await answer.text()]).toEqual([200, '"x"', "BEGIN:VCALENDAR"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
