import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { useRef, useState } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings.page";
import { Alert, Field, FieldError, FormFooter, phoneMask } from "../components/forms";
import { Switch } from "../components/switch";
import { confirmedUser, requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { attemptWrite, readForm, WRITE_FAILED, writeFailed } from "../utils/actions.server";
import { saveProfileSettings } from "../domain/accounts/profile-settings.server";
import { readableOnWhiteText } from "../domain/brand-colours";
import { formatPhone } from "../domain/phone";
import { redirectWithToast } from "../utils/toast.server";
import { useHydrated } from "../components/use-hydrated";
import { saveTeamSettings, teamSettingsAccess } from "../domain/booking-page/team-page.server";
import { TeamPageSettings, TEAM_SETTINGS_INTENT } from "../components/booking/team-page-settings";
import { CHECK_FIELDS, NO_SLUG, PAGE_DEFAULTS, PAGE_SAVE_FAILED, PAGE_SAVED, pageSchema } from "../validation/profile";
import { SectionCard } from "../components/section-card";

export const meta: Route.MetaFunction = () => [{ title: "Página — Configurações — Agendo" }];

const SELF = "/configuracoes/pagina";

export async function loader({ context }: Route.LoaderArgs) {
  const teamAccess = await teamSettingsAccess(getDb(context), requireUser(context));
  // After that read (a member's page has none): the page's fields are the session's own read.
  const p = (await confirmedUser(context)).profile;
  return {
    team: { ...teamAccess, teamPage: p.teamPage, onTeamPage: p.onTeamPage },
    bookingSlug: p.bookingSlug,
    businessName: p.businessName || p.fullName,
    page: {
      pageTitle: p.pageTitle,
      contactPhone: formatPhone(p.contactPhone),
      pageDescription: p.pageDescription,
      businessAddress: p.businessAddress,
      welcomeMessage: p.welcomeMessage,
      instagramHandle: p.instagramHandle,
      primaryColor: p.primaryColor,
      secondaryColor: p.secondaryColor,
      showPrices: p.showPrices,
    },
  };
}

type ActionData = { result: SubmissionResult<string[]>; failed?: boolean; teamError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const formData = await readForm(request);
  // 'Página da equipe' is its own small form: two switches, saved alone.
  if (formData.get("intent") === TEAM_SETTINGS_INTENT) {
    const db = getDb(context);
    const saved = await saveTeamSettings(db, user.id, await teamSettingsAccess(db, user), {
      teamPage: formData.get("teamPage") === "on",
      onTeamPage: formData.get("onTeamPage") === "on",
    });
    if (!saved) {
      const teamError = "Você não faz parte de uma equipe.";
      return data<ActionData>({ result: { status: "error", error: { "": [teamError] } }, teamError }, { status: 400 });
    }
    return redirectWithToast(request, SELF, { type: "success", title: "Equipe salva", description: "A página da equipe foi atualizada." });
  }
  const submission = parseForm(formData, { schema: pageSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const done = await attemptWrite("saving page settings", () => saveProfileSettings(getDb(context), user.id, submission.value));
  if (done === WRITE_FAILED) {
    return writeFailed<ActionData>({ result: submission.reply({ formErrors: [PAGE_SAVE_FAILED.description] }), failed: true });
  }
  return redirectWithToast(request, SELF, { type: "success", ...PAGE_SAVED });
}

export default function PageSettings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <>
      <PageForm key={JSON.stringify(loaderData.page)} {...loaderData} />
      <TeamPageSettings {...loaderData.team} error={actionData?.teamError ?? null} />
    </>
  );
}

function PageForm({ page, bookingSlug, businessName }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = usePageForm(page, navigation.state === "idle" && !actionData?.teamError ? (actionData?.result ?? null) : null);
  const [title, setTitle] = useState(page.pageTitle);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 [&_input]:scroll-mb-28 [&_textarea]:scroll-mb-28">
      {navigation.state === "idle" && actionData && !actionData.teamError ? (
        actionData.failed ? (
          <Alert title={PAGE_SAVE_FAILED.title} text={PAGE_SAVE_FAILED.description} />
        ) : (
          <Alert title={PAGE_SAVE_FAILED.title} text={CHECK_FIELDS} />
        )
      ) : null}

      <PageSection fields={fields} bookingSlug={bookingSlug} onTitle={setTitle} />

      <ContactSection fields={fields} />

      <AppearanceSection fields={fields} page={page} title={title} businessName={businessName} />

      <FormFooter label="Salvar alterações" saving={saving} sticky="page" />
    </Form>
  );
}

function usePageForm(page: PageValues, lastResult: SubmissionResult<string[]> | null) {
  return useForm({
    id: "page-settings",
    lastResult,
    defaultValue: page,
    onValidate: ({ formData }) => parseForm(formData, { schema: pageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type PageValues = ReturnType<typeof useLoaderData<typeof loader>>["page"];
type PageFields = ReturnType<typeof usePageForm>[1];

const text = (field: FieldMetadata<string | undefined>) => getInputProps(field, { type: "text" });

/** 'Página de agendamento': its title, description and welcome message, and the link to see it. */
function PageSection({
  fields,
  bookingSlug,
  onTitle,
}: {
  fields: Pick<PageFields, "pageTitle" | "pageDescription" | "welcomeMessage">;
  bookingSlug: string | null;
  onTitle: (title: string) => void;
}) {
  return (
    <SectionCard
      title="Página de agendamento"
      intro="O que seus clientes veem ao abrir seu link."
      aside={
        bookingSlug ? (
          <a href={`/agendamento/${bookingSlug}`} target="_blank" rel="noopener" className="btn-secondary">
            Visualizar Página
          </a>
        ) : null
      }
    >
      {!bookingSlug ? (
        <div className="space-y-2">
          <Alert tone="info" title="Visualizar Página" text={NO_SLUG} />
          <Link to="/configuracoes/perfil" className="btn-link">
            Ir para o Perfil
          </Link>
        </div>
      ) : null}
      <Field
        label="Título da página"
        errors={fields.pageTitle.errors}
        inputProps={{
          ...text(fields.pageTitle),
          placeholder: PAGE_DEFAULTS.pageTitle,
          maxLength: 80,
          onInput: (e) => onTitle(e.currentTarget.value),
        }}
      />
      <TextArea label="Descrição" field={fields.pageDescription} rows={3} maxLength={500}
        placeholder="Ex.: Cortes, escova e coloração com hora marcada." />
      <TextArea
        label="Mensagem de boas-vindas"
        field={fields.welcomeMessage}
        rows={4}
        maxLength={1000}
        placeholder={"Ex.: Olá! Escolha o serviço e o melhor horário.\nChegue com 5 minutos de antecedência."}
      />
    </SectionCard>
  );
}

/** 'Contato': the WhatsApp phone, Instagram and the address the page shows. */
function ContactSection({ fields }: { fields: Pick<PageFields, "contactPhone" | "instagramHandle" | "businessAddress"> }) {
  return (
    <SectionCard title="Contato">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Telefone de contato (WhatsApp)"
          errors={fields.contactPhone.errors}
          inputProps={{ ...getInputProps(fields.contactPhone, { type: "tel" }), ...phoneMask, autoComplete: "off" }}
        />
        <div>
          <label htmlFor={fields.instagramHandle.id} className="label">
            Instagram
          </label>
          <div className="flex items-stretch overflow-hidden rounded-lg border border-slate-300 focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30">
            <span className="flex items-center bg-slate-50 px-3 text-slate-500" aria-hidden>
              @
            </span>
            <input
              {...text(fields.instagramHandle)}
              key={fields.instagramHandle.key}
              placeholder="seu.perfil"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={80}
              className="min-w-0 flex-1 border-0 px-3 py-2.5 text-base text-slate-900 focus:outline-none sm:text-sm"
            />
          </div>
          <FieldError id={fields.instagramHandle.errorId} errors={fields.instagramHandle.errors} />
        </div>
      </div>
      <Field
        label="Endereço do estabelecimento"
        errors={fields.businessAddress.errors}
        hint="Se ficar em branco, a página mostra o endereço do seu perfil."
        inputProps={{ ...text(fields.businessAddress), placeholder: "Rua, número, bairro, cidade" }}
      />
    </SectionCard>
  );
}

/** 'Aparência': the two colours with a preview of the page, and whether prices show. */
function AppearanceSection({
  fields,
  page,
  title,
  businessName,
}: {
  fields: Pick<PageFields, "primaryColor" | "secondaryColor" | "showPrices">;
  page: Pick<PageValues, "primaryColor" | "secondaryColor">;
  title: string;
  businessName: string;
}) {
  const [primary, setPrimary] = useState(page.primaryColor);
  const [secondary, setSecondary] = useState(page.secondaryColor);
  const { key: showPricesKey, ...showPrices } = getInputProps(fields.showPrices, { type: "checkbox" });
  return (
    <SectionCard title="Aparência" intro="As cores da sua página e do seu painel.">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField label="Cor principal" field={fields.primaryColor} onColor={setPrimary} />
        <ColorField label="Cor secundária" field={fields.secondaryColor} onColor={setSecondary} />
      </div>
      <Preview title={title || PAGE_DEFAULTS.pageTitle} name={businessName} primary={primary} secondary={secondary} />
      <Switch
        key={showPricesKey}
        {...showPrices}
        title="Mostrar preços dos serviços"
        hint="Os clientes veem o preço ao escolher o serviço."
      />
    </SectionCard>
  );
}

function TextArea({
  label,
  field,
  ...props
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  rows: number;
  maxLength: number;
  placeholder?: string;
}) {
  const { key, ...textareaProps } = getTextareaProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea key={key} {...textareaProps} {...props} className="input" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

/**
 * Hex text field (what is posted, with or without JavaScript) plus a colour picker that
 * appears once JavaScript runs and stays in sync with it both ways.
 */
function ColorField({
  label,
  field,
  onColor,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  onColor: (hex: string) => void;
}) {
  const hydrated = useHydrated();
  const textRef = useRef<HTMLInputElement>(null);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [swatch, setSwatch] = useState(HEX.test(initial) ? initial : "#000000");
  const { key, ...inputProps } = getInputProps(field, { type: "text" });
  const pickerId = `${field.id}-picker`;
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {hydrated ? (
          <input
            id={pickerId}
            type="color"
            aria-label={`${label}: seletor`}
            value={swatch.toLowerCase()}
            onChange={(e) => {
              const hex = e.currentTarget.value.toUpperCase();
              setSwatch(hex);
              onColor(hex);
              const text = textRef.current;
              if (text) {
                text.value = hex;
                // Lets conform revalidate the text field as if it had been typed.
                text.dispatchEvent(new Event("input", { bubbles: true }));
              }
            }}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
        ) : (
          <span
            aria-hidden
            className="h-11 w-14 shrink-0 rounded-lg border border-slate-300"
            style={{ background: swatch }}
          />
        )}
        <input
          key={key}
          {...inputProps}
          ref={textRef}
          maxLength={7}
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="#RRGGBB"
          onInput={(e) => {
            const value = e.currentTarget.value.trim();
            if (HEX.test(value)) {
              setSwatch(value.toUpperCase());
              onColor(value.toUpperCase());
            }
          }}
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={field.errors?.length ? field.errorId : undefined}
          className="input font-mono uppercase"
        />
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** How the top of the booking page will look with these colours (made readable as the page makes them). */
function Preview({ title, name, ...colors }: { title: string; name: string; primary: string; secondary: string }) {
  const primary = readableOnWhiteText(colors.primary);
  const secondary = readableOnWhiteText(colors.secondary);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200" aria-label="Prévia das cores" role="img">
      <div className="h-12" style={{ background: `linear-gradient(to right, ${primary}, ${secondary})` }} />
      <div className="flex items-center justify-between gap-3 p-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-slate-500">{title}</p>
        </div>
        <span className="shrink-0 rounded-lg px-3 py-1.5 text-xs font-semibold text-white" style={{ background: primary }}>
          Continuar
        </span>
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
