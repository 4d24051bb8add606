// Profile photos kept in the database: stored, replaced, removed and served; and the upload's
// body limit. What a photo becomes before it is stored: profile-photo-image.server.ts.
import { and, eq } from "drizzle-orm";
import { profiles, storedImages } from "../../../db/schema";
import { IMAGE_MAX_BYTES } from "./profile-photo";
import type { StoredImageInput } from "./profile-photo-image.server";
import type { Db } from "../../utils/db.server";
import { hit, LIMIT_KEYS, LIMITS } from "../../utils/rate-limit.server";

/** A body larger than this cannot be a 5 MB photo plus the rest of the form: refused, never parsed. */
export const MAX_UPLOAD_REQUEST_BYTES = IMAGE_MAX_BYTES + 1024 * 1024;

/** Counts one upload of this account; false once it is past the hour's allowance (0713). */
export async function countPhotoUpload(db: Db, userId: string) {
  const { allowed } = await hit(db, LIMIT_KEYS.photoUploads(userId), LIMITS.photoUploadsPerUser);
  return allowed;
}

/**
 * Stores the photo and points the profile at it; the previous photo's row goes in the same
 * atomic batch. Returns the new image id.
 */
export async function replaceProfileImage(db: Db, userId: string, image: StoredImageInput) {
  const [current] = await db
    .select({ imageId: profiles.profileImageId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const id = crypto.randomUUID();
  const insert = db.insert(storedImages).values({
    id,
    userId,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    byteSize: image.data.byteLength,
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
  });
  const point = db.update(profiles).set({ profileImageId: id }).where(eq(profiles.userId, userId));
  if (current?.imageId) {
    await db.batch([
      insert,
      point,
      db
        .delete(storedImages)
        .where(and(eq(storedImages.id, current.imageId), eq(storedImages.userId, userId))),
    ]);
  } else {
    await db.batch([insert, point]);
  }
  return id;
}

/** 'Remover foto': the profile shows initials again; only the owner's own row is deleted. */
export async function removeProfileImage(db: Db, userId: string) {
  const [current] = await db
    .select({ imageId: profiles.profileImageId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!current?.imageId) return false;
  await db.batch([
    db.update(profiles).set({ profileImageId: null }).where(eq(profiles.userId, userId)),
    db
      .delete(storedImages)
      .where(and(eq(storedImages.id, current.imageId), eq(storedImages.userId, userId))),
  ]);
  return true;
}

/** The stored bytes and type of an image, for GET /imagens/:id. */
export async function getStoredImage(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: storedImages.contentType, data: storedImages.data, byteSize: storedImages.byteSize })
    .from(storedImages)
    .where(eq(storedImages.id, id));
  return row ?? null;
}
