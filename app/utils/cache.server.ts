// A small JSON cache near the customer: Cloudflare's Cache API (`caches.default`, the data centre
// that serves the Worker) on Workers, a bounded in-memory map on Node. Entries expire after their
// time to live; nothing here is ever the only copy of anything (docs/decisions/0620).
import { createContext, type RouterContextProvider } from "react-router";

export interface JsonCache {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown, ttlSeconds: number): Promise<void>;
}

/** Node: the most recently used entries, at most `maxEntries`, each until its time to live. */
export function memoryCache(maxEntries = 2000): JsonCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= Date.now()) return undefined;
      entries.set(key, entry);
      return entry.value as T;
    },
    async put(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Workers: the Cache API of the data centre serving the request. Keys become URLs of our own. */
export function cacheApi(cache: Cache): JsonCache {
  const url = (key: string) => `https://cache.agendo.internal/${encodeURIComponent(key)}`;
  return {
    async get<T>(key: string) {
      const hit = await cache.match(url(key));
      return hit ? ((await hit.json()) as T) : undefined;
    },
    async put(key, value, ttlSeconds) {
      await cache.put(
        url(key),
        new Response(JSON.stringify(value), {
          headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${ttlSeconds}` },
        }),
      );
    },
  };
}

let shared: JsonCache | undefined;

/** The process's cache: the Cache API where the runtime has one (Workers), else memory. */
export function defaultCache(): JsonCache {
  const workers = (globalThis as { caches?: { default?: Cache } }).caches?.default;
  shared ??= workers ? cacheApi(workers) : memoryCache();
  return shared;
}

export const cacheContext = createContext<JsonCache | null>(null);

/** The cache for this request, as placed in the router context by the root middleware. */
export function getCache(context: Readonly<RouterContextProvider>): JsonCache {
  return context.get(cacheContext) ?? defaultCache();
}
