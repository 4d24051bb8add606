import { createRequestHandler } from "react-router";

// Cloudflare Workers entry. Vars and secrets reach the app through process.env
// (nodejs_compat), so the app code is the same as on Node.
const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request: Request): Promise<Response> {
    return requestHandler(request);
  },
};
