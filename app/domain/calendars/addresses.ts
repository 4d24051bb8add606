// Which addresses Agendo's server may fetch a calendar from. The address is typed by a user, so
// the server must never be turned against its own network: https only, the default port, no
// credentials, and never a private, loopback, link-local or otherwise non-public IP, whether
// typed as such or resolved from a name (docs/decisions/0956).

export const FEED_URL_MESSAGES = {
  invalid: "Cole o endereço completo do calendário, começando com https://.",
  https: "Use o endereço seguro (https://) do calendário.",
  private: "Este endereço não é de um calendário na internet.",
} as const;

function ipv4Parts(ip: string): number[] | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const n = parts.map(Number);
  return n.every((x) => x <= 255) ? n : null;
}

function privateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast and reserved
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113) // TEST-NET-2, -3
  );
}

/** An IPv6 address's eight 16-bit groups, '::' expanded and a dotted IPv4 tail read; null if not one. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = ipv4Parts(v4[1]!);
    if (!p) return null;
    text = `${text.slice(0, -v4[1]!.length)}${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether an IP address (v4 or v6) is anything but a public unicast address: loopback, private,
 * link-local, unique-local, multicast, unspecified, reserved, or an IPv4 one of those mapped into
 * IPv6. Not an IP at all: false (names are checked after resolving).
 */
export function isNonPublicAddress(ip: string): boolean {
  const v4 = ipv4Parts(ip);
  if (v4) return privateIpv4(v4);
  const g = ipv6Groups(ip);
  if (!g) return false;
  const [g0, , , , , g5] = g as [number, number, number, number, number, number, number, number];
  if (g.every((x) => x === 0) || (g.slice(0, 7).every((x) => x === 0) && g[7] === 1)) return true; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 decides.
  const mapped = g.slice(0, 5).every((x) => x === 0) && (g5 === 0xffff || g5 === 0);
  const nat64 = g0 === 0x64 && g[1] === 0xff9b;
  if (mapped || nat64) return privateIpv4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00 || g0 === 0x2001 && g[1] === 0xdb8;
}

const isLoopback = (host: string) => host === "localhost" || host.startsWith("127.") || host === "[::1]" || host === "::1";

/**
 * A typed calendar address as the URL to fetch, or the reason it is refused. `webcal://` (what
 * iCloud and Outlook hand out) means https. With `allowLoopback` (tests only, never production:
 * CALENDAR_FETCH_ALLOW_LOOPBACK=1) plain http to a loopback address on any port is allowed.
 */
export function checkFeedUrl(raw: string, options: { allowLoopback: boolean }): { ok: true; url: URL } | { ok: false; message: string } {
  const typed = raw.trim().replace(/^webcals?:\/\//i, "https://");
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, message: FEED_URL_MESSAGES.invalid };
  }
  const host = url.hostname.toLowerCase();
  const testLoopback = options.allowLoopback && isLoopback(host) && (url.protocol === "http:" || url.protocol === "https:");
  if (testLoopback) return url.username || url.password ? { ok: false, message: FEED_URL_MESSAGES.invalid } : { ok: true, url };
  if (url.protocol !== "https:") return { ok: false, message: url.protocol === "http:" ? FEED_URL_MESSAGES.https : FEED_URL_MESSAGES.invalid };
  if (url.username || url.password || url.port) return { ok: false, message: FEED_URL_MESSAGES.invalid };
  if (!host.includes(".") || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || isLoopback(host) || isNonPublicAddress(host)) {
    return { ok: false, message: FEED_URL_MESSAGES.private };
  }
  return { ok: true, url };
}

/** Where a calendar comes from, for its default name: 'Google Agenda', 'iCloud', 'Outlook'. */
export function providerName(url: URL): string {
  const host = url.hostname.toLowerCase();
  if (host.endsWith("google.com")) return "Google Agenda";
  if (host.endsWith("icloud.com")) return "iCloud";
  if (host.endsWith("outlook.com") || host.endsWith("office365.com") || host.endsWith("live.com")) return "Outlook";
  return host.replace(/^www\./, "");
}

/** The address as the settings show it back: its host only (the rest is the secret). */
export function maskedFeedUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…`;
  } catch {
    return "…";
  }
}
