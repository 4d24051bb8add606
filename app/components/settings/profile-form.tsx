import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { CHECK_FIELDS, PROFILE_SAVE_FAILED, profileSchema } from "../../validation/profile";
import { Alert, Field, FieldError, FormFooter, phoneMask } from "../forms";
import { SectionCard } from "../section-card";

/** The 'Perfil' form's fields as saved (the phone formatted). */
type ProfileValues = {
  fullName: string;
  phone: string;
  businessName: string;
  address: string;
  city: string;
  specialty: string;
  bookingSlug: string;
  pixKey: string;
  pixCity: string;
  pixName: string;
};

/** The action's answer to a refused or failed save. */
export type ProfileReply = { result: SubmissionResult<string[]>; failed?: boolean };

/**
 * 'Informações pessoais', 'Link de agendamento' and 'Pix para sinais': one form (intent
 * `profile`). `lastReply`: the action's answer to the last post, if it was refused or failed.
 */
export function ProfileForm({
  profile,
  email,
  origin,
  lastReply,
}: {
  profile: ProfileValues;
  email: string;
  origin: string;
  lastReply: ProfileReply | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const reply = navigation.state === "idle" ? lastReply : null;
  const [form, fields] = useProfileForm(profile, reply);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 [&_input]:scroll-mb-28 [&_textarea]:scroll-mb-28">
      <input type="hidden" name="intent" value="profile" />
      {reply ? (
        <Alert title={PROFILE_SAVE_FAILED.title} text={reply.failed ? PROFILE_SAVE_FAILED.description : CHECK_FIELDS} />
      ) : null}

      <PersonalSection fields={fields} email={email} />

      <BookingLinkSection field={fields.bookingSlug} origin={origin} currentSlug={profile.bookingSlug} />

      <PixSection fields={fields} />

      <FormFooter label="Salvar alterações" saving={saving} sticky="page" />
    </Form>
  );
}

function useProfileForm(profile: ProfileValues, reply: ProfileReply | null) {
  return useForm({
    id: "profile",
    lastResult: reply?.result ?? null,
    defaultValue: profile,
    onValidate: ({ formData }) => parseForm(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type ProfileFields = ReturnType<typeof useProfileForm>[1];

const text = (field: ProfileFields[keyof ProfileFields]) => getInputProps(field, { type: "text" });

/** Name, e-mail (read only), phone, business, specialty, city and address. */
function PersonalSection({ fields, email }: { fields: ProfileFields; email: string }) {
  return (
    <SectionCard title="Informações pessoais">
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
    </SectionCard>
  );
}

/** 'Seu link': the booking page's address, typed after the site's own. */
function BookingLinkSection({ field, origin, currentSlug }: { field: ProfileFields["bookingSlug"]; origin: string; currentSlug: string }) {
  return (
    <SectionCard title="Link de agendamento" intro="O endereço que você compartilha com seus clientes.">
      <div>
        <label htmlFor={field.id} className="label">
          Seu link
        </label>
        <div className="flex items-stretch overflow-hidden rounded-lg border border-slate-300 focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30">
          <span className="hidden shrink-0 items-center bg-slate-50 px-3 text-sm text-slate-500 sm:flex">
            {origin.replace(/^https?:\/\//, "")}/agendamento/
          </span>
          <input
            {...text(field)}
            key={field.key}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={80}
            aria-describedby={[field.errors ? field.errorId : null, "slug-hint"].filter(Boolean).join(" ")}
            className="min-w-0 flex-1 border-0 px-3 py-2.5 text-base text-slate-900 focus:outline-none sm:text-sm"
          />
        </div>
        <p id="slug-hint" className="mt-1 text-xs text-slate-500">
          Letras, números e hífens (3 a 60). Se você mudar o link, o endereço antigo deixa de funcionar.
        </p>
        <p className="mt-1 break-all text-xs text-slate-600">
          Link atual:{" "}
          <a href={`/agendamento/${currentSlug}`} target="_blank" rel="noopener" className="btn-link text-xs">
            {origin.replace(/^https?:\/\//, "")}/agendamento/{currentSlug}
          </a>
        </p>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    </SectionCard>
  );
}

/** 'Pix para sinais': the key, the receiver's name and city. */
function PixSection({ fields }: { fields: Pick<ProfileFields, "pixKey" | "pixName" | "pixCity"> }) {
  return (
    <SectionCard title="Pix para sinais" intro="Usado quando um serviço pede sinal: o cliente recebe o código Pix para pagar.">
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
    </SectionCard>
  );
}
