// Every schema's zod: validators run without zod's JIT, whose `new Function` probe the CSP
// forbids (docs/decisions/0524). Imported by the schemas, not by root.tsx, so pages without a
// form (the public booking page) do not download zod.
import { z } from "zod";

z.config({ jitless: true });

export { z };
