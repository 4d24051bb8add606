import { useEffect, useState } from "react";
import { useHydrated } from "../use-hydrated";
import { useInstallPrompt } from "../workspace-worker";

const DISMISSED = "agendo:instalar-dispensado";

/** How this browser installs the Agendo: its own prompt, the iPhone's share sheet, or already installed. */
function useInstallWay() {
  const hydrated = useHydrated();
  const [prompt, install] = useInstallPrompt();
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const standalone = matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
    setInstalled(standalone);
  }, []);
  const iphone = hydrated && /iPhone|iPad|iPod/.test(navigator.userAgent);
  const way = !hydrated || installed ? null : prompt ? ("prompt" as const) : iphone ? ("iphone" as const) : ("other" as const);
  return { way, install };
}

function IphoneSteps() {
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700" data-testid="install-iphone">
      <li>
        No Safari, toque em <strong>Compartilhar</strong>{" "}
        <svg aria-hidden viewBox="0 0 24 24" className="inline size-4 align-text-bottom text-brand" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 3v12M8 7l4-4 4 4M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>{" "}
        (o quadrado com a seta para cima).
      </li>
      <li>
        Escolha <strong>Adicionar à Tela de Início</strong> e toque em <strong>Adicionar</strong>.
      </li>
      <li>Abra o Agendo pelo ícone: ele abre direto na agenda de hoje.</li>
    </ol>
  );
}

/**
 * 'Instalar o Agendo' in Configurações > Notificações: the browser's own prompt where it offers
 * one, the iPhone's steps, a hint elsewhere; nothing once installed.
 */
export function InstallCard() {
  const { way, install } = useInstallWay();
  if (!way) return null;
  return (
    <section className="card space-y-3 p-4 sm:p-6" aria-labelledby="install-title">
      <h2 id="install-title" className="text-lg font-semibold">
        Instalar o Agendo
      </h2>
      <p className="text-sm text-slate-600">Um ícone na tela do celular que abre a agenda de hoje, mesmo com o sinal fraco.</p>
      {way === "prompt" ? (
        <button type="button" className="btn-primary" onClick={install}>
          Instalar o Agendo
        </button>
      ) : way === "iphone" ? (
        <IphoneSteps />
      ) : (
        <p className="text-sm text-slate-700">
          No celular, abra o Agendo no Chrome (Android) ou no Safari (iPhone) para instalar. No computador, use o ícone de
          instalar na barra de endereço do Chrome ou do Edge.
        </p>
      )}
    </section>
  );
}

/** The dashboard's card, once: only where installing is a tap or two away, until installed or dismissed. */
export function DashboardInstallCard() {
  const { way, install } = useInstallWay();
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(localStorage.getItem(DISMISSED) === "1"), []);
  if (dismissed || (way !== "prompt" && way !== "iphone")) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, "1");
    setDismissed(true);
  };
  return (
    <section className="card space-y-3 p-4" aria-labelledby="install-dashboard-title" data-testid="install-dashboard">
      <div className="flex items-start justify-between gap-3">
        <h2 id="install-dashboard-title" className="font-semibold">
          Instale o Agendo
        </h2>
        <button type="button" onClick={dismiss} className="btn-link shrink-0 whitespace-nowrap">
          Agora não
        </button>
      </div>
      <p className="text-sm text-slate-600">Um ícone na tela de início e os avisos de cada agendamento na hora.</p>
      {way === "prompt" ? (
        <button
          type="button"
          className="btn-primary"
          onClick={async () => {
            await install();
            dismiss();
          }}
        >
          Instalar o Agendo
        </button>
      ) : (
        <IphoneSteps />
      )}
    </section>
  );
}
