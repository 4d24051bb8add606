import { createCookie, redirect } from "react-router";
import { sessionSecret } from "./env.server";
import { isSecure } from "./session.server";

/**
 * What a toast offers besides its words: a form it posts (e.g. 'Desfazer', a real POST that works
 * without JavaScript) or a link opened in a new tab (e.g. 'Avisar no WhatsApp').
 */
export type ToastAction =
  | { kind: "post"; label: string; action: string; fields: Record<string, string> }
  | { kind: "link"; label: string; href: string };

export type Toast = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  actions?: ToastAction[];
};

function toastCookie() {
  return createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [sessionSecret()],
  });
}

export async function toastHeader(request: Request, toast: Toast) {
  return toastCookie().serialize(toast, { secure: isSecure(request), maxAge: 60 });
}

/** Post/redirect/get with a message the next page shows (a toast with JS, a banner without). */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(request, toast));
  return redirect(to, { headers });
}

/** Marks a request no one is looking at: the workspace's service worker keeping an agenda page. */
export const BACKGROUND_REQUEST = "X-Agendo-Background";

/**
 * Reads the flash message, if any, and the header that clears it. A background request leaves it
 * for the page the professional is about to see.
 */
export async function readToast(request: Request) {
  if (request.headers.has(BACKGROUND_REQUEST)) return { toast: null, clear: null };
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.title !== "string") {
    return { toast: null, clear: null };
  }
  const clear = await toastCookie().serialize("", { maxAge: 0, secure: isSecure(request) });
  return { toast: value as Toast, clear };
}
