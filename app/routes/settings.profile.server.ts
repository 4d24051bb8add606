// Configurações > Perfil's writes: the photo (upload and removal) and the profile form.
import { parseForm } from "../validation/parse-form";
import { data, type RouterContextProvider } from "react-router";
import type { ProfileReply } from "../components/settings/profile-form";
import { PROFILE_PATH } from "../components/settings/photo-card";
import { bookingSlugStatus, saveProfile } from "../domain/accounts/profile-settings.server";
import { IMAGE_MAX_BYTES, IMAGE_SAVED, type ImageErrorCode } from "../domain/accounts/profile-photo";
import { countPhotoUpload, replaceProfileImage } from "../domain/accounts/profile-photo.server";
import { processUploadedPhoto } from "../domain/accounts/profile-photo-processor.server";
import { attemptWrite, WRITE_FAILED, writeFailed } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { redirectWithToast } from "../utils/toast.server";
import { PROFILE_SAVE_FAILED, PROFILE_SAVED, SLUG_TAKEN, serverProfileSchema } from "../validation/profile";

export type ProfileActionData = ({ intent: "profile" } & ProfileReply) | { intent: "image"; error: ImageErrorCode };

/** The status of each refusal of a photo: 400 unless the error says otherwise. */
const IMAGE_ERROR_STATUS: Partial<Record<ImageErrorCode, number>> = { size: 413, tooMany: 429, busy: 503 };

export function imageError(error: ImageErrorCode) {
  const status = IMAGE_ERROR_STATUS[error] ?? 400;
  // Too many photos being decoded at once: a few seconds are enough.
  const headers: HeadersInit = error === "busy" ? { "Retry-After": "5" } : {};
  return data<ProfileActionData>({ intent: "image", error }, { status, headers });
}

export async function uploadImage(request: Request, context: Readonly<RouterContextProvider>, db: Db, userId: string, formData: FormData) {
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0) return imageError("empty");
  if (file.size > IMAGE_MAX_BYTES) return imageError("size");
  if (!(await countPhotoUpload(db, userId))) return imageError("tooMany");
  // Decoded off the request path on Node (a worker thread), in this isolate on Workers.
  const processed = await processUploadedPhoto(context, new Uint8Array(await file.arrayBuffer()));
  if (!processed.ok) return imageError(processed.error);
  const saved = await attemptWrite("saving profile image", () => replaceProfileImage(db, userId, processed.image));
  if (saved === WRITE_FAILED) return writeFailed<ProfileActionData>({ intent: "image", error: "failed" });
  return redirectWithToast(request, PROFILE_PATH, { type: "success", ...IMAGE_SAVED });
}

export async function saveProfileForm(request: Request, db: Db, userId: string, currentSlug: string, formData: FormData) {
  const submission = await parseForm(formData, {
    schema: serverProfileSchema((slug) => bookingSlugStatus(db, userId, currentSlug, slug)),
    async: true,
  });
  if (submission.status !== "success") {
    return data<ProfileActionData>({ intent: "profile", result: submission.reply() }, { status: 400 });
  }
  const saved = await attemptWrite("saving profile", () => saveProfile(db, userId, submission.value));
  if (saved === "slug-taken") {
    return data<ProfileActionData>(
      { intent: "profile", result: submission.reply({ fieldErrors: { bookingSlug: [SLUG_TAKEN] } }) },
      { status: 400 },
    );
  }
  if (saved === WRITE_FAILED) {
    return writeFailed<ProfileActionData>({
      intent: "profile",
      result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED.description] }),
      failed: true,
    });
  }
  return redirectWithToast(request, PROFILE_PATH, { type: "success", ...PROFILE_SAVED });
}
