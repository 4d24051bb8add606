import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useMatches, useRouteError, type ErrorResponse } from "react-router";

/**
 * Inside the workspace the error shows in the shell's own <main>: one main landmark per page.
 * Elsewhere (a public page, the root) the error is the page's main content.
 */
function useErrorTag() {
  return useMatches().some((m) => m.id === "routes/workspace") ? "div" : "main";
}

export function NotFoundView() {
  const Tag = useErrorTag();
  return (
    <Tag className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-2xl font-semibold">Oops! Página não encontrada</h1>
      <p className="text-slate-600">O endereço que você procurou não existe ou foi movido.</p>
      <Link to="/" className="btn-primary">
        Voltar ao início
      </Link>
    </Tag>
  );
}

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Dados inválidos", text: "Verifique as informações enviadas e tente novamente." },
  403: { title: "Acesso negado", text: "Você não tem permissão para fazer isso." },
  405: { title: "Ação não permitida", text: "Esta página não aceita essa ação." },
  413: { title: "Envio muito grande", text: "O conteúdo enviado excede o tamanho permitido." },
  415: { title: "Formato não aceito", text: "Envie o formulário pela página." },
  429: { title: "Muitas tentativas", text: "Aguarde alguns minutos antes de tentar novamente." },
};

type StatusHandlers = Partial<Record<number, (error: ErrorResponse) => ReactNode>>;

/**
 * The one error screen every route uses: pt-BR per status, never a stack trace. A route may
 * render some statuses its own way (as the Epic Stack's `statusHandlers`).
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: StatusHandlers }) {
  const error = useRouteError();
  const Tag = useErrorTag();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status];
    if (handler) return handler(error);
    if (error.status === 404) return <NotFoundView />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = MESSAGES[status] ?? {
    title: "Algo deu errado",
    text: "Ocorreu um erro inesperado. Tente novamente em instantes.",
  };
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : null;
  return (
    <Tag className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-brand">{status}</p>
      <h1 className="text-2xl font-semibold">{message.title}</h1>
      <p className="max-w-md text-slate-600">{detail ?? message.text}</p>
      <Link to="/" className="btn-primary">
        Voltar ao início
      </Link>
    </Tag>
  );
}
