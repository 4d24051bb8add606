// The workspace's service worker from the page's side (signed-in screens only: customer pages
// never run this): registered once React runs, and while the device is offline every link
// becomes a full page load (the worker answers it: the saved agenda, or a page saying there is no
// connection) and a form is not sent but says why. docs/decisions/0973.
import { useEffect, useState } from "react";

/**
 * The registration of /sw.js, named after this build: a new deploy's pages register a new script
 * URL, so the new worker installs at once and takes over (the browser also checks the script on
 * every navigation, never from its HTTP cache).
 */
export function workspaceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(`/sw.js?v=${import.meta.env.VITE_BUILD_ID ?? "dev"}`, { scope: "/", updateViaCache: "none" });
}

export const OFFLINE_FORM = "Sem conexão: nada foi enviado. Confira os dados e envie de novo quando a conexão voltar.";

/**
 * Registers the worker and guards links and forms while offline. Returns what to say: the saved
 * agenda's banner (the worker marks the page it served from its cache), and a form's refusal.
 */
export function useWorkspaceWorker(): { offline: string | null; refused: string | null; dismiss: () => void } {
  const [refused, setRefused] = useState<string | null>(null);
  const [offline, setOffline] = useState<string | null>(null);
  useEffect(() => {
    // The worker's mark of a saved page: its words become the page's banner (the CSS one goes).
    const mark = document.querySelector<HTMLMetaElement>('meta[name="agendo-offline"]');
    if (mark) {
      setOffline(mark.content);
      document.getElementById("offline-style")?.remove();
    }
    if (!("serviceWorker" in navigator)) return;
    workspaceWorker()
      // Today's and tomorrow's agenda for offline use from this first screen on, whichever it is:
      // the worker keeps them if this device has not (a new phone, after signing in again).
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: "keep-agenda" }))
      .catch((error: unknown) => console.warn("service worker not registered", error));
    const onClick = (event: MouseEvent) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.origin !== location.origin || link.target || link.hasAttribute("download")) return;
      // Offline: the page itself, through the worker, instead of the app fetching its data.
      event.preventDefault();
      event.stopPropagation();
      location.assign(link.href);
    };
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopPropagation();
      setRefused(OFFLINE_FORM);
    };
    const onOnline = () => setRefused(null);
    // Capture, on window: before React Router's own handlers.
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("online", onOnline);
    };
  }, []);
  return { offline, refused, dismiss: () => setRefused(null) };
}

/** The browser's own install prompt (Chrome on Android, Edge), kept from the moment it is offered. */
type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };
let offered: InstallPrompt | null = null;
const listeners = new Set<() => void>();
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event as InstallPrompt;
    for (const l of listeners) l();
  });
  window.addEventListener("appinstalled", () => {
    offered = null;
    for (const l of listeners) l();
  });
}

/** The install prompt on offer now (null: none), following the browser's events. */
export function useInstallPrompt(): [InstallPrompt | null, () => Promise<void>] {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(offered);
  useEffect(() => {
    const update = () => setPrompt(offered);
    listeners.add(update);
    update();
    return () => void listeners.delete(update);
  }, []);
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    await prompt.userChoice;
    offered = null;
    for (const l of listeners) l();
  };
  return [prompt, install];
}
