import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/settings.profile";
import { PhotoCard, PROFILE_PATH } from "../components/settings/photo-card";
import { ProfileForm } from "../components/settings/profile-form";
import { confirmedUser, requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { MAX_UPLOAD_REQUEST_BYTES, removeProfileImage } from "../domain/accounts/profile-photo.server";
import { readUploadForm } from "../utils/actions.server";
import { formatPhone } from "../domain/phone";
import { redirectWithToast } from "../utils/toast.server";
import { IMAGE_REMOVED } from "../domain/accounts/profile-photo";
import { imageError, saveProfileForm, uploadImage, type ProfileActionData } from "./settings.profile.server";

export const meta: Route.MetaFunction = () => [{ title: "Perfil — Configurações — Agendo" }];

export async function loader({ context }: Route.LoaderArgs) {
  // Nothing else is read: the profile is the session's own read.
  const user = await confirmedUser(context);
  const { profile } = user;
  return {
    email: user.email,
    origin: appUrl(),
    imageUrl: profile.profileImageId ? `/imagens/${profile.profileImageId}` : null,
    name: profile.fullName || profile.businessName,
    profile: {
      fullName: profile.fullName,
      phone: formatPhone(profile.phone),
      businessName: profile.businessName,
      address: profile.address,
      city: profile.city,
      specialty: profile.specialty,
      bookingSlug: profile.bookingSlug,
      pixKey: profile.pixKey,
      pixCity: profile.pixCity,
      pixName: profile.pixName,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  // Uploads come as multipart: a body too large for a 5 MB photo is refused unread.
  const formData = await readUploadForm(request, MAX_UPLOAD_REQUEST_BYTES);
  if (formData === "too-large") return imageError("size");
  if (formData === "unreadable") return imageError("unreadable");
  const intent = formData.get("intent");
  if (intent === "upload-image") return uploadImage(request, context, db, user.id, formData);
  if (intent === "remove-image") {
    await removeProfileImage(db, user.id);
    return redirectWithToast(request, PROFILE_PATH, { type: "success", ...IMAGE_REMOVED });
  }
  return saveProfileForm(request, db, user.id, user.profile.bookingSlug, formData);
}

export default function ProfileSettings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ProfileActionData>();
  return (
    <div className="space-y-6">
      <PhotoCard
        imageUrl={loaderData.imageUrl}
        name={loaderData.name}
        serverError={actionData?.intent === "image" ? actionData.error : null}
      />
      <ProfileForm
        key={JSON.stringify(loaderData.profile)}
        profile={loaderData.profile}
        email={loaderData.email}
        origin={loaderData.origin}
        lastReply={actionData?.intent === "profile" ? actionData : null}
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
