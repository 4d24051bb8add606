import { PHONE_INPUT_MAX_LENGTH } from "../../domain/phone";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../../validation/booking";
import { Field } from "../forms";

/**
 * The customer's name, phone and e-mail as the booking page asks them (step 3 and the waiting
 * list): the same limits, autocomplete and mask hints; `errors` gives a field's message beside it.
 */
export function ContactFields({
  ids,
  errors,
  typed,
  email,
}: {
  ids: { name: string; phone: string; email: string };
  errors: (field: "name" | "phone" | "email") => string[] | null;
  typed: { name?: string; phone?: string; email?: string } | undefined;
  email: { label: string; required?: boolean };
}) {
  return (
    <>
      <Field
        label="Nome *"
        errors={errors("name")}
        inputProps={{ id: ids.name, type: "text", name: "name", autoComplete: "name", required: true, maxLength: NAME_MAX_LENGTH, defaultValue: typed?.name }}
      />
      <Field
        label="Telefone / WhatsApp *"
        errors={errors("phone")}
        inputProps={{
          id: ids.phone,
          name: "phone",
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          required: true,
          maxLength: PHONE_INPUT_MAX_LENGTH,
          placeholder: "(11) 99999-9999",
          defaultValue: typed?.phone,
        }}
      />
      <Field
        label={email.label}
        errors={errors("email")}
        inputProps={{
          id: ids.email,
          name: "email",
          type: "email",
          inputMode: "email",
          autoComplete: "email",
          maxLength: EMAIL_MAX_LENGTH,
          required: email.required,
          placeholder: "nome@exemplo.com",
          defaultValue: typed?.email,
        }}
      />
    </>
  );
}
