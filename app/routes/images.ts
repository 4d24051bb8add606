import type { Route } from "./+types/images";
import { getDb } from "../utils/db.server";
import { getStoredImage } from "../domain/accounts/profile-photo.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ALLOWED = new Set(["image/jpeg", "image/png", "image/webp"]);
// A new photo gets a new id, so a URL's bytes never change: caches may keep them for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Imagem não encontrada", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** GET /imagens/:id — a stored profile photo (public: it is shown on the booking page). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = params.id.toLowerCase();
  if (!UUID.test(id)) return notFound();
  const image = await getStoredImage(getDb(context), id);
  if (!image || !ALLOWED.has(image.contentType)) return notFound();
  const etag = `"${id}"`;
  const headers = {
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const bytes = new Uint8Array(image.data); // a copy with its own ArrayBuffer (a few KB)
  return new Response(bytes, {
    headers: {
      ...headers,
      "Content-Type": image.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": "inline",
    },
  });
}
