import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/settings.notifications";
import { CalendarFeedCard } from "../components/notifications/calendar-feed-card";
import { NotificationsForm } from "../components/notifications/notifications-form";
import { feedUrls, renewFeedToken, setFeedDetails } from "../domain/appointments/calendar-feed.server";
import { FEED_DETAILS_OFF, FEED_DETAILS_ON, feedDetailsSchema, NOTIFICATIONS_SAVED, notificationsSchema } from "../validation/notifications";
import { getDb } from "../utils/db.server";
import { saveProfileSettings } from "../domain/accounts/profile-settings.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { redirectWithToast } from "../utils/toast.server";
import { confirmedUser, requireUser } from "./workspace.server";
import { readForm } from "../utils/actions.server";
import { isPushIntent, pushAction, pushSettings } from "./settings.notifications.server";
import { PushCard } from "../components/notifications/push-card";
import { InstallCard } from "../components/notifications/install-card";

export const meta: Route.MetaFunction = () => [{ title: "Notificações — Configurações — Agendo" }];

const SELF = "/configuracoes/notificacoes";

/** A refused form's reply: the notifications form's, the feed option's, or the push card's. */
type ActionData = { result?: SubmissionResult<string[]>; feedResult?: SubmissionResult<string[]>; pushError?: string };

export async function loader({ context }: Route.LoaderArgs) {
  // Nothing else is read: the preferences are the session's own read.
  const user = await confirmedUser(context);
  const { profile: p } = user;
  return {
    prefs: {
      notifyNewRequest: p.notifyNewRequest,
      notifyCustomerChanges: p.notifyCustomerChanges,
      dailySummary: p.dailySummary,
      dailySummaryHour: p.dailySummaryHour,
      reminderHoursBefore: p.reminderHoursBefore,
      reminderEmail: p.reminderEmail,
      reminderWhatsapp: p.reminderWhatsapp,
      comebackAutoHour: p.comebackAutoHour,
    },
    whatsappConfigured: whatsappConfig() !== null,
    feed: p.calendarFeedToken ? feedUrls(p.calendarFeedToken) : null,
    feedDetails: p.calendarFeedDetails,
    push: await pushSettings(context, user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isPushIntent(intent)) {
    const answer = await pushAction(context, request, user, intent, formData, SELF);
    return answer instanceof Response ? answer : data<ActionData>(answer, { status: 400 });
  }
  if (intent === "feed-renew") {
    const had = !!user.profile.calendarFeedToken;
    await renewFeedToken(db, user.id);
    return redirectWithToast(request, SELF, {
      type: "success",
      title: had ? "Novo link gerado" : "Endereço criado",
      description: had ? "O endereço anterior parou de funcionar. Assine o novo no seu calendário." : "Adicione-o ao seu calendário.",
    });
  }
  if (intent === "feed-details") {
    const submission = parseForm(formData, { schema: feedDetailsSchema });
    if (submission.status !== "success") {
      return data<ActionData>({ feedResult: submission.reply() }, { status: 400 });
    }
    const on = submission.value.feedDetails;
    await setFeedDetails(db, user.id, on);
    return redirectWithToast(request, SELF, { type: "success", ...(on ? FEED_DETAILS_ON : FEED_DETAILS_OFF) });
  }
  if (intent !== "save") throw data("Ação desconhecida.", { status: 400 });
  const submission = parseForm(formData, { schema: notificationsSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { reminderWhatsapp, comebackAutoHour, ...rest } = submission.value;
  // A switch shown disabled (the API not configured) is not sent: keep what was saved.
  const whatsapp = whatsappConfig() ? { reminderWhatsapp, comebackAutoHour } : {};
  await saveProfileSettings(db, user.id, { ...rest, ...whatsapp });
  return redirectWithToast(request, SELF, { type: "success", ...NOTIFICATIONS_SAVED });
}

export default function NotificationSettings() {
  const { prefs, whatsappConfigured, feed, feedDetails, push } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PushCard {...push} error={actionData?.pushError ?? null} />
      <InstallCard />
      <NotificationsForm
        prefs={prefs}
        whatsappConfigured={whatsappConfigured}
        lastResult={actionData?.result ?? null}
      />
      <CalendarFeedCard
        feed={feed}
        details={feedDetails}
        detailsError={actionData?.feedResult?.error?.feedDetails?.[0] ?? null}
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
