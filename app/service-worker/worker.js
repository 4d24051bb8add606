// The workspace's service worker (served at /sw.js by app/routes/service-worker.ts, which puts
// the build's id in VERSION). Registered only by signed-in screens (app/components/workspace-worker.ts);
// customer pages never register it, and the pages it does not know (the booking page, status
// pages) always go to the network untouched. docs/decisions/0973.
//
// - /assets/* (hashed names): from the cache once fetched; a new build keeps its own cache.
// - The agenda (today's and tomorrow's, as last seen online): kept on each visit, and from the
//   first signed-in screen of a device that has none; shown from the cache when the network
//   fails, under 'Sem conexão — mostrando a agenda de 10:32'; never shown, and gone, three days
//   after it was kept.
// - Every other page and every POST: the network only; offline, a page that says so (a form:
//   'nada foi enviado'). Signing out (POST /logout) empties the caches and ends this device's
//   push subscription; so does the server saying this device has no session any more (it
//   answers /login with the sign-in form: a session ended elsewhere, or expired).
// - A push shows its notification; a tap opens (or focuses) the screen it names.
/* eslint-disable no-restricted-globals */
const VERSION = "__VERSION__";
const SHELL = `agendo-shell-${VERSION}`;
const AGENDA = `agendo-agenda-${VERSION}`;
const WORKSPACE = /^\/(dashboard|agenda|clientes|servicos|solicitacoes|lembretes|equipe|relatorios|caixa|perfil|tutorial|configuracoes)(\/|$)/;
/** The sign-in page, as a page or as its data: answered (200) only to a device without a session. */
const SIGN_IN = /^\/login(\.data)?$/;
/** How long a kept agenda may be shown offline: a copy does not outlive a session by much. */
const KEEP_MS = 3 * 86_400_000;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("agendo-") && !name.endsWith(VERSION)) await caches.delete(name);
      // The page's request starts while the worker itself starts, not after (a slow phone).
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "version") event.source?.postMessage({ type: "version", version: VERSION });
  // A signed-in screen has opened (workspace-worker.ts): the days this device has not kept yet.
  if (event.data?.type === "keep-agenda") event.waitUntil(keepMissingDays().catch(() => undefined));
});

/** yyyy-mm-dd of a day on this device's clock. */
function localDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The agenda's cache key: its day only (the view chosen does not matter offline). */
function agendaKey(url) {
  return `/agenda?data=${url.searchParams.get("data") || localDate(Date.now())}`;
}

/** A kept page still young enough to be shown (KEEP_MS). */
const fresh = (kept) => !!kept && Date.now() - Number(kept.headers.get("X-Agendo-Saved-At")) < KEEP_MS;

/** Keeps an agenda page with the time it was fetched, and the assets it names; copies too old go. */
async function keepAgenda(key, response) {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("X-Agendo-Saved-At", String(Date.now()));
  const cache = await caches.open(AGENDA);
  await cache.put(key, new Response(html, { status: 200, headers }));
  for (const request of await cache.keys()) if (!fresh(await cache.match(request))) await cache.delete(request);
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+/g) ?? [])];
  const shell = await caches.open(SHELL);
  await Promise.all(assets.map(async (a) => (await shell.match(a)) || shell.add(a).catch(() => undefined)));
}

/** The server sent this device to sign in: whoever was signed in here is not any more. */
const toSignIn = (response) => response.redirected && new URL(response.url).pathname === "/login";

/**
 * Fetches and keeps one day's agenda (the worker's own request, with this device's cookie). The
 * header tells the server no one is looking: the message the professional's last action left for
 * the next page (a toast) is neither spent on this request nor kept in the copy (toast.server.ts).
 */
async function keepDay(date) {
  const key = `/agenda?data=${date}`;
  const response = await fetch(key, { credentials: "same-origin", headers: { "X-Agendo-Background": "1" } });
  if (toSignIn(response)) return clearAll();
  if (response.ok && !response.redirected) await keepAgenda(key, response);
}

/** Today's agenda fetched online also brings tomorrow's into the cache. */
const keepTomorrow = () => keepDay(localDate(Date.now() + 86_400_000));

/** Today's and tomorrow's agenda, when this device has not kept them (yet, or for three days). */
async function keepMissingDays() {
  const cache = await caches.open(AGENDA);
  for (const date of [localDate(Date.now()), localDate(Date.now() + 86_400_000)]) {
    if (!fresh(await cache.match(`/agenda?data=${date}`))) await keepDay(date);
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** A page of our own for when the network is gone. */
function offlinePage(title, text, status = 503) {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Agendo</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#0f172a;background:#f8fafc}main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}h1{font-size:1.25rem;margin:0 0 .5rem}a{color:#4f46e5;font-weight:600}</style></head>
<body><main role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/agenda">Ver a agenda salva</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The kept agenda with the banner that says it is not live; one kept too long ago goes instead. */
async function agendaFromCache(key) {
  const cache = await caches.open(AGENDA);
  let cached = await cache.match(key);
  if (cached && !fresh(cached)) {
    await cache.delete(key);
    cached = undefined;
  }
  if (!cached) return offlinePage("Sem conexão", "A agenda deste dia não foi salva neste aparelho. Conecte-se à internet para vê-la.");
  const savedAt = new Date(Number(cached.headers.get("X-Agendo-Saved-At")));
  const time = savedAt.toLocaleTimeString("pt-BR", { hour: "2-digit", minute: "2-digit" });
  const day = savedAt.toLocaleDateString("pt-BR", { day: "2-digit", month: "2-digit" });
  // In <head>, which React leaves alone when it takes the page over: the time for the page's own
  // banner (workspace-worker.ts), and the same words drawn by CSS for a browser without JavaScript.
  const words = localDate(savedAt.getTime()) === localDate(Date.now()) ? `Sem conexão — mostrando a agenda de ${time}` : `Sem conexão — mostrando a agenda salva em ${day} às ${time}`;
  const marks = `<meta name="agendo-offline" content="${escapeHtml(words)}"><style id="offline-style">body::before{content:"${words}"}</style>`;
  const html = (await cached.text()).replace("</head>", `${marks}</head>`);
  return new Response(html, { status: 200, headers: cached.headers });
}

async function navigate(event, url) {
  const isAgenda = url.pathname === "/agenda" && !url.searchParams.has("editar") && !url.searchParams.has("novo");
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (isAgenda && response.ok && !response.redirected) {
      event.waitUntil(keepAgenda(agendaKey(url), response.clone()).then(() => (url.searchParams.get("data") ? undefined : keepTomorrow())).catch(() => undefined));
    }
    return response;
  } catch {
    if (isAgenda) return agendaFromCache(agendaKey(url));
    return offlinePage("Sem conexão", "Esta página precisa de internet. A agenda de hoje e a de amanhã ficam salvas neste aparelho desde a última visita.");
  }
}

/**
 * Signing out, or a session gone (ended on another device, expired): the saved pages go, and this
 * device stops receiving (the server drops it on the next push: 410). docs/decisions/1074.
 */
async function clearAll() {
  for (const name of await caches.keys()) if (name.startsWith("agendo-")) await caches.delete(name);
  const subscription = await self.registration.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (/^\/logout(\.data)?$/.test(url.pathname)) event.waitUntil(clearAll());
    // A form sent without a connection says so, instead of the browser's error page.
    if (request.mode === "navigate") {
      event.respondWith(
        fetch(request).catch(() =>
          offlinePage("Sem conexão — nada foi enviado", "O formulário não chegou ao Agendo e nada foi salvo. Volte, confira os dados e envie de novo quando a conexão voltar."),
        ),
      );
    }
    return;
  }
  // The sign-in form (a page, or its data for the app's own navigation) is answered only when
  // this device has no session: what it kept of the last one goes. Signed in, /login redirects.
  if (SIGN_IN.test(url.pathname)) {
    event.respondWith(
      (async () => {
        const response = (request.mode === "navigate" && (await event.preloadResponse)) || (await fetch(request));
        if (response.status === 200) event.waitUntil(clearAll());
        return response;
      })(),
    );
    return;
  }
  // React Router's route discovery for a page's links (/__manifest) cannot reach the server
  // offline: the answer is React Router's own 'load those pages as documents', which is what
  // links do offline anyway (the worker answers them), instead of an error in the page.
  if (url.pathname === "/__manifest") {
    event.respondWith(fetch(request).catch(() => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } })));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(SHELL).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) event.waitUntil(cache.put(request, response.clone()));
        return response;
      }),
    );
    return;
  }
  if (request.mode === "navigate" && WORKSPACE.test(url.pathname)) event.respondWith(navigate(event, url));
});

self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || "Agendo", {
      body: data.body || "",
      tag: data.tag,
      data: { url: data.url || "/agenda" },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-72.png",
      lang: "pt-BR",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/agenda", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // A window this worker does not control cannot be navigated by it: open a new one then.
        return open.navigate(target).catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    })(),
  );
});
