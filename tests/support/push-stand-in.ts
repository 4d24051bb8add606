// A local stand-in for a Web Push service (what fcm.googleapis.com or updates.push.services.mozilla.com
// are to a browser), test code only: HTTPS (a throwaway self-signed certificate for 127.0.0.1,
// trusted by the test process through `trustStandIn`), POST /push/<id> accepted with 201 only
// when the request is what RFC 8030/8291/8292 ask: `Authorization: vapid t=<ES256 JWT>, k=<key>`
// whose signature verifies with k, `aud` this origin, `exp` within 24 hours and `sub` a mailto:
// or https: contact; `Content-Encoding: aes128gcm`, a TTL; a body that decrypts with the
// subscription's private key and auth secret (made by `newSubscription`). Each decrypted message
// is kept in `received`. An id starting 'gone-' answers 410 (the subscription expired), one
// starting 'slow-' answers only after `slowMs`.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { getCACertificates, setDefaultCACertificates } from "node:tls";
import { E2E_PORT } from "../e2e/env";
import { scratchDir } from "./scratch";

const CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUFz6SQIh6CEia+A/gjswqYD5lNxAwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjA3MzYwMloYDzIxMjYxMTAy
MDczNjAyWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARUK6n2tTx7OqBLejhEQXTLfu4G/MRT1kBOHQFeoC+m2P+c+TIzEZuY
SXVRDXUgvMnDSA8hu8ZEDGIOR5FV13Blo28wbTAdBgNVHQ4EFgQUfA7xMyoc6yaV
+musWkzH8+ngCLQwHwYDVR0jBBgwFoAUfA7xMyoc6yaV+musWkzH8+ngCLQwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSAAwRQIhANLKlQoACmVDRW+5VOZ3/bfU7IS+gQCj5TpvgG7A2QfLAiB7
FEzmYLH7PdqYvahIUTcNo84b3veKcX5JMmERGdC61w==
-----END CERTIFICATE-----
`;
// Test-only key of the certificate above (it proves nothing outside these tests).
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQguf2R8a2RbO6DVB7a
/le7mWuMBY0w/hO16Koku0/ZbzmhRANCAARUK6n2tTx7OqBLejhEQXTLfu4G/MRT
1kBOHQFeoC+m2P+c+TIzEZuYSXVRDXUgvMnDSA8hu8ZEDGIOR5FV13Bl
-----END PRIVATE KEY-----
`;

/**
 * The e2e journeys' stand-ins: one fixed port a browser project that sends to one (js and no-js
 * may run at once), beside the e2e app's port and clear of Stripe's (+2000) and Mercado Pago's
 * (+3000) stand-ins. The e2e server allows these origins (PUSH_SERVICE_ORIGINS).
 */
export const E2E_PUSH_PORTS: Record<string, number> = { js: E2E_PORT + 4000, "no-js": E2E_PORT + 4001 };
export const E2E_PUSH_ORIGINS = Object.values(E2E_PUSH_PORTS).map((port) => `https://127.0.0.1:${port}`);

/** The certificate in a file, for a server process to trust (NODE_EXTRA_CA_CERTS): its path. */
export function standInCertificateFile() {
  const dir = scratchDir("e2e");
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/push-stand-in-${E2E_PORT}.pem`;
  writeFileSync(path, CERT);
  return path;
}

/** Makes this process's fetch trust the stand-in's certificate (besides the usual authorities). */
export function trustStandIn() {
  setDefaultCACertificates([...getCACertificates("default"), CERT]);
}

/** A browser's subscription: what the app stores, and the private half the stand-in decrypts with. */
export type TestSubscription = { endpoint: string; p256dh: string; auth: string };

export type Received = { endpoint: string; payload: Record<string, unknown>; ttl: number; subject: string };

export type PushStandIn = {
  origin: string;
  received: Received[];
  /** Refusals, with why (a test expecting none asserts this is empty). */
  refused: string[];
  /** Requests that followed a 'moved-' device's redirect (a sender must follow none). */
  followed: string[];
  newSubscription(prefix?: string): TestSubscription;
  close(): Promise<void>;
};

const b64url = (b: Buffer) => b.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** The VAPID header checked (RFC 8292): null when valid, else why not. */
function checkVapid(header: string | undefined, origin: string): { error: string } | { subject: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) return { error: "no vapid authorization" };
  const [head, claims, signature] = m[1]!.split(".");
  const point = Buffer.from(m[2]!, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { error: "k is not a P-256 point" };
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature ?? "", "base64url"));
  if (!ok) return { error: "bad JWT signature" };
  const header_ = JSON.parse(Buffer.from(head!, "base64url").toString()) as { alg?: string };
  const body = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (header_.alg !== "ES256") return { error: "alg is not ES256" };
  if (body.aud !== origin) return { error: `aud ${body.aud} is not ${origin}` };
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return { error: "exp not within 24 hours" };
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) return { error: "sub is not a mailto: or https: contact" };
  return { subject: body.sub! };
}

/** RFC 8291 + RFC 8188 (one record): the plaintext, or throws. */
function decrypt(body: Buffer, keys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(keys.auth, secret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, serverPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export async function startPushStandIn(opts: { slowMs?: number; port?: number } = {}): Promise<PushStandIn> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: Received[] = [];
  const refused: string[] = [];
  const followed: string[] = [];
  let origin = "";
  const server: Server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const refuse = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status).end(why);
      };
      // A 'moved-' device's service answers 307 towards another address (one of the machine's own,
      // in an attack); whatever arrives there was sent by a sender that followed it.
      if (req.url === "/elsewhere") {
        followed.push(`${req.method} ${req.url}`);
        return void res.writeHead(201).end();
      }
      if (req.method !== "POST" || !id || !keys.has(id)) return refuse(404, "no such subscription");
      if (id.startsWith("moved-")) return void res.writeHead(307, { Location: `${origin}/elsewhere` }).end();
      if (id.startsWith("gone-")) return void res.writeHead(410).end();
      const answer = () => {
        const vapid = checkVapid(req.headers.authorization, origin);
        if ("error" in vapid) return refuse(401, vapid.error);
        if (req.headers["content-encoding"] !== "aes128gcm") return refuse(400, "not aes128gcm");
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl)) return refuse(400, "no TTL");
        try {
          const text = decrypt(Buffer.concat(chunks), keys.get(id)!);
          received.push({ endpoint: `${origin}/push/${id}`, payload: JSON.parse(text) as Record<string, unknown>, ttl, subject: vapid.subject });
          res.writeHead(201).end();
        } catch (error) {
          refuse(400, `does not decrypt: ${String(error)}`);
        }
      };
      if (id.startsWith("slow-")) setTimeout(answer, opts.slowMs ?? 5_000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    received,
    refused,
    followed,
    newSubscription(prefix = "") {
      const id = `${prefix}${randomBytes(8).toString("hex")}`;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
