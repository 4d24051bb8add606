import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, ne } from "drizzle-orm";
import { useRef, useState, type FormEvent } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/settings.profile";
import { profiles } from "../../db/schema";
import { Avatar } from "../components/avatar";
import { Alert, Field, FieldError, phoneMask } from "../components/forms";
import { RESERVED_SLUGS } from "../domain/accounts/registration.server";
import { requireUser } from "./workspace.server";
import { getDb, type Db } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import {
  countPhotoUpload,
  readLimitedFormData,
  removeProfileImage,
  replaceProfileImage,
  UploadTooLargeError,
} from "../domain/accounts/profile-photo.server";
import { processUploadedPhoto } from "../domain/accounts/profile-photo-processor.server";
import { formatPhone } from "../domain/phone";
import { redirectWithToast } from "../utils/toast.server";
import { useHydrated } from "../components/use-hydrated";
import {
  IMAGE_ERRORS,
  IMAGE_MAX_BYTES,
  IMAGE_REMOVED,
  IMAGE_SAVED,
  type ImageErrorCode,
} from "../domain/accounts/profile-photo";
import {
  CHECK_FIELDS,
  PROFILE_SAVE_FAILED,
  PROFILE_SAVED,
  profileSchema,
  SLUG_TAKEN,
  serverProfileSchema,
} from "../validation/profile";

export const meta: Route.MetaFunction = () => [{ title: "Perfil — Configurações — Agendo" }];

const SELF = "/configuracoes/perfil";
const CONFIRM_REMOVE = "remover-foto";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
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

type ActionData =
  | { intent: "profile"; result: SubmissionResult<string[]>; failed?: boolean }
  | { intent: "image"; error: ImageErrorCode };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  let formData: FormData;
  try {
    // Uploads come as multipart: a body too large for a 5 MB photo is refused unread.
    formData = await readLimitedFormData(request);
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      return data<ActionData>({ intent: "image", error: "size" }, { status: 413 });
    }
    return data<ActionData>({ intent: "image", error: "unreadable" }, { status: 400 });
  }
  const intent = formData.get("intent");
  if (intent === "upload-image") return uploadImage(request, context, db, user.id, formData);
  if (intent === "remove-image") {
    await removeProfileImage(db, user.id);
    return redirectWithToast(request, SELF, { type: "success", ...IMAGE_REMOVED });
  }
  return saveProfile(request, db, user.id, user.profile.bookingSlug, formData);
}

/** The status of each refusal of a photo: 400 unless the error says otherwise. */
const IMAGE_ERROR_STATUS: Partial<Record<ImageErrorCode, number>> = { size: 413, tooMany: 429, busy: 503 };

function imageError(error: ImageErrorCode) {
  const status = IMAGE_ERROR_STATUS[error] ?? 400;
  // Too many photos being decoded at once: a few seconds are enough (docs/decisions/0711).
  const headers: HeadersInit = error === "busy" ? { "Retry-After": "5" } : {};
  return data<ActionData>({ intent: "image", error }, { status, headers });
}

async function uploadImage(request: Request, context: Route.ActionArgs["context"], db: Db, userId: string, formData: FormData) {
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0) return imageError("empty");
  if (file.size > IMAGE_MAX_BYTES) return imageError("size");
  if (!(await countPhotoUpload(db, userId))) return imageError("tooMany");
  // Decoded off the request path on Node (a worker thread), in this isolate on Workers.
  const processed = await processUploadedPhoto(context, new Uint8Array(await file.arrayBuffer()));
  if (!processed.ok) return imageError(processed.error);
  try {
    await replaceProfileImage(db, userId, processed.image);
  } catch (error) {
    console.error("saving profile image failed", error);
    return data<ActionData>({ intent: "image", error: "failed" }, { status: 500 });
  }
  return redirectWithToast(request, SELF, { type: "success", ...IMAGE_SAVED });
}

async function saveProfile(request: Request, db: Db, userId: string, currentSlug: string, formData: FormData) {
  const submission = await parseWithZod(formData, {
    schema: serverProfileSchema(async (slug) => {
      if (slug === currentSlug) return "ok";
      if (RESERVED_SLUGS.has(slug)) return "reserved";
      const [other] = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(and(eq(profiles.bookingSlug, slug), ne(profiles.userId, userId)))
        .limit(1);
      return other ? "taken" : "ok";
    }),
    async: true,
  });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "profile", result: submission.reply() }, { status: 400 });
  }
  try {
    await db.update(profiles).set(submission.value).where(eq(profiles.userId, userId));
  } catch (error) {
    // Two professionals claiming one free link at the same moment: the unique index decides.
    if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE")) {
      return data<ActionData>(
        { intent: "profile", result: submission.reply({ fieldErrors: { bookingSlug: [SLUG_TAKEN] } }) },
        { status: 400 },
      );
    }
    console.error("saving profile failed", error);
    return data<ActionData>(
      { intent: "profile", result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED.description] }), failed: true },
      { status: 500 },
    );
  }
  return redirectWithToast(request, SELF, { type: "success", ...PROFILE_SAVED });
}

export default function ProfileSettings() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PhotoCard imageUrl={loaderData.imageUrl} name={loaderData.name} />
      <ProfileForm key={JSON.stringify(loaderData.profile)} {...loaderData} />
    </div>
  );
}

// ------------------------------------------------------------------ photo

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

function PhotoCard({ imageUrl, name }: { imageUrl: string | null; name: string }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<ImageErrorCode | null>(null);
  const [preparing, setPreparing] = useState(false);
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const uploading = preparing || busyIntent === "upload-image";
  const serverError = navigation.state === "idle" && actionData?.intent === "image" ? actionData.error : null;
  const error = clientError ?? serverError;
  const confirming = searchParams.get(CONFIRM_REMOVE) === "1" && imageUrl !== null;

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

  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="photo-title">
      <div>
        <h2 id="photo-title" className="text-lg font-semibold">
          Foto de perfil
        </h2>
        <p className="mt-1 text-sm text-slate-600">Aparece na sua página de agendamento. JPEG, PNG ou WebP, até 5MB.</p>
      </div>
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
      {confirming ? <RemovePhotoConfirm removing={busyIntent === "remove-image"} /> : null}
    </section>
  );
}

function RemovePhotoConfirm({ removing }: { removing: boolean }) {
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4" role="alertdialog" aria-labelledby="remove-photo-title">
      <p id="remove-photo-title" className="font-semibold text-red-900">
        Remover sua foto de perfil?
      </p>
      <p className="mt-1 text-sm text-red-800">Sua página de agendamento voltará a mostrar suas iniciais.</p>
      <Form method="post" action={SELF} className="mt-3 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="remove-image" className="btn-danger" disabled={removing}>
          {removing ? "Removendo..." : "Sim, remover foto"}
        </button>
        <Link to={SELF} preventScrollReset className="btn-secondary">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}

// ------------------------------------------------------------------ profile form

type ProfileFormProps = ReturnType<typeof useLoaderData<typeof loader>>;

function ProfileForm({ profile, email, origin }: ProfileFormProps) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const reply = navigation.state === "idle" && actionData?.intent === "profile" ? actionData : null;
  const [form, fields] = useForm({
    id: "profile",
    lastResult: reply?.result ?? null,
    defaultValue: profile,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: (typeof fields)[keyof typeof fields]) => getInputProps(field, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 [&_input]:scroll-mb-28 [&_textarea]:scroll-mb-28">
      <input type="hidden" name="intent" value="profile" />
      {reply ? (
        <Alert title={PROFILE_SAVE_FAILED.title} text={reply.failed ? PROFILE_SAVE_FAILED.description : CHECK_FIELDS} />
      ) : null}

      <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="personal-title">
        <h2 id="personal-title" className="text-lg font-semibold">
          Informações pessoais
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Nome completo"
            errors={fields.fullName.errors}
            inputProps={{ ...text(fields.fullName), autoComplete: "name" }}
          />
          <div>
            <label htmlFor="profile-email" className="label">
              E-mail
            </label>
            <input
              id="profile-email"
              type="email"
              value={email}
              readOnly
              aria-describedby="profile-email-hint"
              className="input bg-slate-50 text-slate-600"
            />
            <p id="profile-email-hint" className="mt-1 text-xs text-slate-500">
              O e-mail de acesso não pode ser alterado aqui.
            </p>
          </div>
          <Field
            label="Telefone"
            errors={fields.phone.errors}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), ...phoneMask }}
          />
          <Field
            label="Nome do negócio"
            errors={fields.businessName.errors}
            inputProps={{ ...text(fields.businessName), autoComplete: "organization" }}
          />
          <Field
            label="Especialidade (opcional)"
            errors={fields.specialty.errors}
            inputProps={{ ...text(fields.specialty), placeholder: "Ex.: Cabeleireira, Barbeiro, Manicure" }}
          />
          <Field
            label="Cidade"
            errors={fields.city.errors}
            inputProps={{ ...text(fields.city), autoComplete: "address-level2" }}
          />
          <div className="sm:col-span-2">
            <Field
              label="Endereço"
              errors={fields.address.errors}
              inputProps={{ ...text(fields.address), autoComplete: "address-line1", placeholder: "Rua, número, bairro" }}
            />
          </div>
        </div>
      </section>

      <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="link-title">
        <div>
          <h2 id="link-title" className="text-lg font-semibold">
            Link de agendamento
          </h2>
          <p className="mt-1 text-sm text-slate-600">O endereço que você compartilha com seus clientes.</p>
        </div>
        <div>
          <label htmlFor={fields.bookingSlug.id} className="label">
            Seu link
          </label>
          <div className="flex items-stretch overflow-hidden rounded-lg border border-slate-300 focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30">
            <span className="hidden shrink-0 items-center bg-slate-50 px-3 text-sm text-slate-500 sm:flex">
              {origin.replace(/^https?:\/\//, "")}/agendamento/
            </span>
            <input
              {...text(fields.bookingSlug)}
              key={fields.bookingSlug.key}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={80}
              aria-describedby={[fields.bookingSlug.errors ? fields.bookingSlug.errorId : null, "slug-hint"]
                .filter(Boolean)
                .join(" ")}
              className="min-w-0 flex-1 border-0 px-3 py-2.5 text-base text-slate-900 focus:outline-none sm:text-sm"
            />
          </div>
          <p id="slug-hint" className="mt-1 text-xs text-slate-500">
            Letras, números e hífens (3 a 60). Se você mudar o link, o endereço antigo deixa de funcionar.
          </p>
          <p className="mt-1 break-all text-xs text-slate-600">
            Link atual:{" "}
            <a href={`/agendamento/${profile.bookingSlug}`} target="_blank" rel="noopener" className="btn-link text-xs">
              {origin.replace(/^https?:\/\//, "")}/agendamento/{profile.bookingSlug}
            </a>
          </p>
          <FieldError id={fields.bookingSlug.errorId} errors={fields.bookingSlug.errors} />
        </div>
      </section>

      <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="pix-title">
        <div>
          <h2 id="pix-title" className="text-lg font-semibold">
            Pix para sinais
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Usado quando um serviço pede sinal: o cliente recebe o código Pix para pagar.
          </p>
        </div>
        <Field
          label="Chave Pix"
          errors={fields.pixKey.errors}
          hint="CPF, CNPJ, e-mail, telefone com DDD (ex.: (11) 98888-7777) ou chave aleatória."
          inputProps={{ ...text(fields.pixKey), autoCapitalize: "none", spellCheck: false }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Nome do recebedor"
            errors={fields.pixName.errors}
            hint="Até 25 caracteres, como no seu banco."
            inputProps={{ ...text(fields.pixName), maxLength: 25 }}
          />
          <Field
            label="Cidade do Pix"
            errors={fields.pixCity.errors}
            hint="Até 15 caracteres."
            inputProps={{ ...text(fields.pixCity), maxLength: 15 }}
          />
        </div>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 pr-20 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-6 sm:pr-20 lg:pr-6">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Salvando..." : "Salvar alterações"}
        </button>
      </div>
    </Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
