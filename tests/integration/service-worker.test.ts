// The workspace's service worker (/sw.js) keeps today's and tomorrow's agenda from the first
// signed-in screen, with the device's cookie, while the professional goes on working. Those
// requests must not spend the message the professional's last action left for the next page
// (a toast): it was lost when the worker's fetch came between the redirect and the page.
// The worker is run here as served, in a context of its own with the browser's APIs it uses.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { loader as serviceWorker } from "../../app/routes/service-worker";
import { readToast, toastHeader } from "../../app/utils/toast.server";

const ORIGIN = "https://agendo.test";

/** What the served worker fetches when a signed-in screen asks it to keep the agenda. */
async function workerKeepRequests(): Promise<Request[]> {
  const script = await serviceWorker().text();
  const fetched: Request[] = [];
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? stores.set(name, new Map()).get(name)!;
    const key = (r: string | Request) => new URL(typeof r === "string" ? r : r.url, ORIGIN).href;
    return {
      match: async (r: string | Request) => store.get(key(r))?.clone(),
      put: async (r: string | Request, response: Response) => void store.set(key(r), response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (r: string | Request) => store.delete(key(r)),
      add: async () => undefined,
    };
  };
  const listeners: Record<string, (event: unknown) => void> = {};
  runInNewContext(script, {
    self: { addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener), registration: {}, clients: {} },
    caches: { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) },
    fetch: async (input: string, init?: RequestInit) => {
      fetched.push(new Request(new URL(input, ORIGIN), init));
      return new Response("<!doctype html><title>Agenda</title>", { status: 200, headers: { "Content-Type": "text/html" } });
    },
    Request,
    Response,
    Headers,
    URL,
  });
  const pending: Promise<unknown>[] = [];
  listeners.message!({ data: { type: "keep-agenda" }, source: null, waitUntil: (p: Promise<unknown>) => pending.push(p) });
  await Promise.all(pending);
  return fetched;
}

describe("the service worker keeping the agenda", () => {
  it("fetches today's and tomorrow's agenda without spending the toast the next page shows", async () => {
    const kept = await workerKeepRequests();
    expect(kept.map((r) => new URL(r.url).pathname)).toEqual(["/agenda", "/agenda"]);
    const cookie = (await toastHeader(new Request(ORIGIN), { type: "success", title: "Notificações ligadas" })).split(";")[0]!;
    for (const request of kept) {
      const headers = new Headers(request.headers);
      headers.set("Cookie", cookie);
      expect(await readToast(new Request(request.url, { headers }))).toEqual({ toast: null, clear: null });
    }
    // The professional's own next page shows it, and clears it.
    const page = await readToast(new Request(`${ORIGIN}/configuracoes/notificacoes`, { headers: { Cookie: cookie } }));
    expect(page.toast?.title).toBe("Notificações ligadas");
    expect(page.clear).toMatch(/^__toast=;/);
  });
});
