// The customer's pages (booking steps, status, waiting list, 'Não quero receber lembretes'): whole
// as HTML with no framework JavaScript (docs/decisions/0621), and their own CSS written into the
// page instead of the app's stylesheet, so the page is one response (docs/decisions/0980).
import customerCss from "../../customer.css?inline";

/** What root.tsx reads from a route's handle. */
export type PageHandle = { hydrate?: boolean; css?: string };

/** The handle every customer page exports. */
export const customerPageHandle = { hydrate: false, css: customerCss } satisfies PageHandle;
