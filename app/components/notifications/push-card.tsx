import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { FieldError } from "../forms";
import { SectionCard } from "../section-card";
import { Switch } from "../switch";
import { useHydrated } from "../use-hydrated";
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from "../../domain/notifications/push-texts";
import { subscribeThisDevice, thisDeviceEndpoint } from "./push-subscribe";

export const REMOVE_DEVICE_PARAM = "remover-aparelho";

/** `since`: the day it was added, in the professional's zone ('07/03/2025'). */
type Device = { id: string; label: string; endpoint: string; since: string };

/**
 * 'Notificações neste aparelho': 'Receber notificações neste aparelho' (the browser asks for
 * permission only on that tap), the devices with 'Remover', 'Enviar notificação de teste' and one
 * switch per event. Push off on this server (no VAPID keys): says so, and nothing else.
 */
export function PushCard({
  publicKey,
  devices,
  kinds,
  error,
}: {
  publicKey: string | null;
  devices: Device[];
  kinds: Record<PushKind, boolean>;
  error: string | null;
}) {
  const removing = new URLSearchParams(useLocation().search).get(REMOVE_DEVICE_PARAM);
  const device = devices.find((d) => d.id === removing);
  return (
    <SectionCard
      title="Notificações no celular"
      intro="Um aviso na tela do celular ou do computador quando um cliente agenda, cancela, remarca, confirma presença ou paga o sinal. Toque no aviso para abrir o agendamento."
      tight
    >
      {publicKey ? (
        <>
          <SubscribeButton publicKey={publicKey} devices={devices} serverError={error} />
          <DeviceList devices={devices} />
          <PushKindsForm kinds={kinds} />
        </>
      ) : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="push-off">
          As notificações no celular estão desligadas: as chaves de notificação (VAPID) não estão configuradas neste
          Agendo. Os avisos continuam chegando por e-mail.
        </p>
      )}
      {device ? (
        <ConfirmDialog
          title="Remover aparelho"
          question={`Parar de enviar notificações para “${device.label}”?`}
          intent="push-remove"
          id={device.id}
          confirmLabel="Remover"
          pendingLabel="Removendo..."
          cancelHref="/configuracoes/notificacoes"
        >
          <p className="text-sm text-slate-600">Você pode ligá-las de novo depois, nesse aparelho.</p>
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

/** The tap that asks the browser for permission and subscribes it; what went wrong, beside it. */
function SubscribeButton({ publicKey, devices, serverError }: { publicKey: string; devices: Device[]; serverError: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ pushError?: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<string | null>(null);
  useEffect(() => {
    void thisDeviceEndpoint().then(setMine);
  }, [devices]);
  const subscribed = !!mine && devices.some((d) => d.endpoint === mine);
  if (!hydrated) {
    return <p className="text-sm text-slate-600">Para receber notificações neste aparelho, abra esta página com o JavaScript ligado.</p>;
  }
  async function subscribe() {
    setBusy(true);
    setProblem(null);
    const outcome = await subscribeThisDevice(publicKey);
    setBusy(false);
    if (typeof outcome === "string") return setProblem(outcome);
    fetcher.submit({ intent: "push-subscribe", ...outcome }, { method: "post" });
  }
  const message = problem ?? fetcher.data?.pushError ?? serverError;
  return (
    <div className="space-y-2">
      {subscribed ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="push-this-device">
          Este aparelho recebe as notificações.
        </p>
      ) : (
        <button type="button" className="btn-primary" onClick={subscribe} disabled={busy || fetcher.state !== "idle"} aria-describedby="push-error">
          {busy || fetcher.state !== "idle" ? "Ligando..." : "Receber notificações neste aparelho"}
        </button>
      )}
      <FieldError id="push-error" errors={message ? [message] : undefined} />
    </div>
  );
}

/** The devices that receive, each with 'Remover' (asks first), and the test. */
function DeviceList({ devices }: { devices: Device[] }) {
  const navigation = useNavigation();
  const testing = navigation.state !== "idle" && navigation.formData?.get("intent") === "push-test";
  if (devices.length === 0) return <p className="text-sm text-slate-600">Nenhum aparelho recebe notificações ainda.</p>;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Aparelhos que recebem</h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Aparelhos que recebem">
        {devices.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 p-3">
            <span>
              <span className="block text-sm font-medium text-slate-900">{d.label}</span>
              <span className="block text-xs text-slate-600">Desde {d.since}</span>
            </span>
            <Link to={`?${REMOVE_DEVICE_PARAM}=${d.id}`} preventScrollReset className="btn-link" aria-label={`Remover ${d.label}`}>
              Remover
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post">
        <button type="submit" name="intent" value="push-test" className="btn-secondary" disabled={testing}>
          {testing ? "Enviando..." : "Enviar notificação de teste"}
        </button>
      </Form>
    </div>
  );
}

/** Which events the devices are told of. */
function PushKindsForm({ kinds }: { kinds: Record<PushKind, boolean> }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "push-kinds";
  return (
    <Form method="post" className="space-y-3 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">Avisar no aparelho quando houver</h3>
      {PUSH_KINDS.map((k) => (
        <Switch key={k} name={k} title={PUSH_KIND_LABELS[k]} defaultChecked={kinds[k]} />
      ))}
      <button type="submit" name="intent" value="push-kinds" className="btn-secondary" disabled={saving}>
        {saving ? "Salvando..." : "Salvar avisos do aparelho"}
      </button>
    </Form>
  );
}
