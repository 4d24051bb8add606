// A worker thread of the Node server's image pool (server/image-pool.ts): decodes the uploaded
// photos it is given and answers with what will be stored. Built with the app, as
// build/node/server/image-worker.js beside index.js (the `image-worker` plugin of vite.config.ts),
// so it reads the very modules the app does.
import { parentPort } from "node:worker_threads";
import { processProfileImage } from "../app/domain/accounts/profile-photo-image.server";

parentPort?.on("message", async (bytes: Uint8Array) => {
  parentPort!.postMessage(await processProfileImage(bytes));
});
