// A VAPID key pair for Web Push on Node when none is configured: made on the first start and kept
// beside the database (mode 600) like the session secret, so devices subscribed once keep
// receiving after restarts (a new pair would orphan every subscription). docs/decisions/0971.
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sessionSecretPath } from "./session-secret";

/** Where the generated pair lives: beside the session secret. */
export function vapidKeysPath(databaseUrl?: string) {
  return join(dirname(sessionSecretPath(databaseUrl)), ".vapid-keys.json");
}

/** A new P-256 pair as Web Push wants it: the public key as the raw point, the private as its scalar, both base64url. */
export function newVapidKeys() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { publicKey: raw.toString("base64url"), privateKey: jwk.d! };
}

/** Puts a pair into process.env unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set; returns where it came from. */
export function ensureVapidKeys(databaseUrl?: string): "configured" | string {
  if (process.env.VAPID_PUBLIC_KEY?.trim() && process.env.VAPID_PRIVATE_KEY?.trim()) return "configured";
  const path = vapidKeysPath(databaseUrl);
  mkdirSync(dirname(path), { recursive: true });
  try {
    // "wx": two processes starting at once never overwrite each other's pair.
    writeFileSync(path, JSON.stringify(newVapidKeys()) + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const keys = JSON.parse(readFileSync(path, "utf8")) as { publicKey: string; privateKey: string };
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  return path;
}
