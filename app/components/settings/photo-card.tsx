import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { IMAGE_ERRORS, IMAGE_MAX_BYTES, type ImageErrorCode } from "../../domain/accounts/profile-photo";
import { Avatar } from "../avatar";
import { ConfirmDialog } from "../confirm-dialog";
import { FieldError, Alert } from "../forms";
import { useHydrated } from "../use-hydrated";
import { SectionCard } from "../section-card";

/** Configurações > Perfil, where the photo's forms post. */
export const PROFILE_PATH = "/configuracoes/perfil";
const CONFIRM_REMOVE = "remover-foto";

/**
 * With JavaScript the browser crops and shrinks the photo on a <canvas> before sending it
 * (a 4 MB camera picture leaves the phone as ~20 KB, and any type the browser can open
 * becomes a JPEG); the server checks and resizes again either way.
 */
async function shrinkInBrowser(file: File, size = 256): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const n = Math.min(size, side);
  const canvas = document.createElement("canvas");
  canvas.width = n;
  canvas.height = n;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d context");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, n, n);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, n, n);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), "image/jpeg", 0.9),
  );
}

/**
 * 'Foto de perfil': upload (shrunk in the browser first when JavaScript runs), and 'Remover foto'
 * asking first (?remover-foto=1, the same without JavaScript). `serverError`: the last upload's
 * refusal, as the action answered it.
 */
export function PhotoCard({ imageUrl, name, serverError }: { imageUrl: string | null; name: string; serverError: ImageErrorCode | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const { input, clientError, setClientError, preparing, onSubmit } = usePhotoUpload();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const uploading = preparing || busyIntent === "upload-image";
  const error = clientError ?? (navigation.state === "idle" ? serverError : null);
  const confirming = searchParams.get(CONFIRM_REMOVE) === "1" && imageUrl !== null;

  return (
    <SectionCard title="Foto de perfil" intro="Aparece na sua página de agendamento. JPEG, PNG ou WebP, até 5MB.">
      {error ? <Alert title={IMAGE_ERRORS[error].title} text={IMAGE_ERRORS[error].text} /> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar
          name={name}
          imageUrl={imageUrl}
          size="lg"
          alt="Sua foto de perfil"
          initialsLabel="Sem foto: sua página mostra suas iniciais"
        />
        <Form
          method="post"
          encType="multipart/form-data"
          onSubmit={hydrated ? onSubmit : undefined}
          className="min-w-0 flex-1 space-y-3"
        >
          <input type="hidden" name="intent" value="upload-image" />
          <div>
            <label htmlFor="profile-image" className="label">
              {imageUrl ? "Trocar foto" : "Escolher foto"}
            </label>
            <input
              ref={input}
              id="profile-image"
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={() => setClientError(null)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "profile-image-error" : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
            <FieldError id="profile-image-error" errors={error ? [IMAGE_ERRORS[error].text] : null} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={uploading}>
              {uploading ? "Enviando..." : "Enviar foto"}
            </button>
            {imageUrl && !confirming ? (
              <Link to={`?${CONFIRM_REMOVE}=1`} preventScrollReset className="btn-secondary">
                Remover foto
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Remover sua foto de perfil?"
          question="Sua página de agendamento voltará a mostrar suas iniciais."
          intent="remove-image"
          confirmLabel="Sim, remover foto"
          pendingLabel="Removendo..."
          cancelHref={PROFILE_PATH}
        />
      ) : null}
    </SectionCard>
  );
}

/** With JavaScript: check the chosen file, shrink it in the browser, then post it. */
function usePhotoUpload() {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<ImageErrorCode | null>(null);
  const [preparing, setPreparing] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setClientError(null);
    const file = input.current?.files?.[0];
    if (!file || file.size === 0) return setClientError("empty");
    if (file.size > IMAGE_MAX_BYTES) return setClientError("size");
    if (file.type && !file.type.startsWith("image/")) return setClientError("type");
    setPreparing(true);
    let upload: Blob = file;
    try {
      upload = await shrinkInBrowser(file);
    } catch {
      // The browser could not open it: the server decides (and explains) what is wrong.
    }
    setPreparing(false);
    const formData = new FormData();
    formData.set("intent", "upload-image");
    formData.set("image", upload, upload === file ? file.name : "foto.jpg");
    await submit(formData, { method: "post", encType: "multipart/form-data" });
    if (input.current) input.current.value = "";
  }

  return { input, clientError, setClientError, preparing, onSubmit };
}
