// The browser's side of 'Receber notificações neste aparelho' (runs only in the browser, on a tap):
// the permission asked, the workspace's service worker ready, its push subscription made with the
// server's VAPID key, and what went wrong said in words.
import { workspaceWorker } from "../workspace-worker";

export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

const IPHONE_FIRST = "No iPhone, as notificações funcionam com o Agendo instalado: toque em Compartilhar → Adicionar à Tela de Início, abra o Agendo pelo ícone e toque aqui de novo.";
const UNSUPPORTED = "Este navegador não recebe notificações. Use o Chrome, o Edge, o Firefox ou o Safari atualizado.";
const BLOCKED = "As notificações estão bloqueadas para o Agendo neste navegador. Libere-as nas configurações do site e toque de novo.";
const FAILED = "Não foi possível ligar as notificações neste aparelho. Tente de novo em instantes.";

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The endpoint this browser is subscribed with, if any (to say 'Este aparelho recebe'). */
export async function thisDeviceEndpoint(): Promise<string | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Asks, subscribes and returns what the server keeps; or why not, in pt-BR. */
export async function subscribeThisDevice(publicKey: string): Promise<BrowserSubscription | string> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return /iPhone|iPad/.test(navigator.userAgent) ? IPHONE_FIRST : UNSUPPORTED;
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return BLOCKED;
  try {
    const registration = await workspaceWorker();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return FAILED;
    return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
  } catch {
    return FAILED;
  }
}
