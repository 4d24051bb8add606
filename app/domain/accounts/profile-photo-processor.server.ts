// Where an uploaded photo is decoded. On Node the server hands the app a pool of worker threads
// through the router context (server/image-pool.ts, docs/decisions/0710), so a 16-megapixel
// picture never holds up the event loop every other visitor waits on; on Cloudflare Workers, in
// tests and in `npm run dev` it is decoded right here, in the request's own isolate, whose memory
// the decoders keep to a few MB whatever the upload (docs/decisions/0712). Either way few decode
// at once and few wait; past that the answer is 'tente novamente em instantes' (0711).
import { createContext, type RouterContextProvider } from "react-router";
import type { ProcessResult } from "./profile-photo-image.server";

/**
 * Runs processProfileImage on the uploaded bytes somewhere (the bytes may be handed over, not
 * copied). Besides the decoder's own answers it may say `busy`: too many photos waiting already.
 */
export type ImageProcessor = (bytes: Uint8Array<ArrayBuffer>) => Promise<ProcessResult>;

/** Photos that may wait in this isolate while one is decoded; one more is answered `busy`. */
export const IN_PROCESS_WAITING = 8;

/** `decode` one photo at a time, at most `waiting` more queued behind it. */
export function oneAtATime(decode: ImageProcessor, waiting = IN_PROCESS_WAITING): ImageProcessor {
  let tail: Promise<unknown> = Promise.resolve();
  let inLine = 0;
  return async (bytes) => {
    if (inLine > waiting) return { ok: false, error: "busy" };
    inLine++;
    const turn = tail.then(() => decode(bytes));
    tail = turn.catch(() => {});
    try {
      return await turn;
    } finally {
      inLine--;
    }
  };
}

// The decoders (jpeg-js and the app's own, ~14 KiB gzip) load on the first photo, not when a Worker
// starts: most isolates never see a photo (docs/decisions/1220).
export const inProcessImageProcessor: ImageProcessor = oneAtATime(async (bytes) => {
  const { processProfileImage } = await import("./profile-photo-image.server");
  return processProfileImage(bytes);
});

export const imageProcessorContext = createContext<ImageProcessor>(inProcessImageProcessor);

/** The photo as it will be stored, decoded by whatever the server entry provided. */
export function processUploadedPhoto(context: Readonly<RouterContextProvider>, bytes: Uint8Array<ArrayBuffer>) {
  return context.get(imageProcessorContext)(bytes);
}
