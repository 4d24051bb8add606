// /sw.js: the workspace's service worker (app/service-worker/worker.js) with this build's id in
// its VERSION, so each deploy is a new worker (its caches named after it) that takes over on the
// next navigation. Never cached by HTTP caches: the browser checks it on every navigation.
import source from "../service-worker/worker.js?raw";

const script = source.replace("__VERSION__", import.meta.env.VITE_BUILD_ID ?? "dev");

export function loader() {
  return new Response(script, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
