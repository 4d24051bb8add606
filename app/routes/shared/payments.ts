// The toasts of Configurações > Pagamentos and of the return from Mercado Pago's page.
import type { ConnectResult } from "../../domain/payments/connect.server";
import type { Toast } from "../../utils/toast.server";

export const NOT_CONFIGURED: Toast = {
  type: "error",
  title: "Pagamentos online não configurados",
  description: "Este servidor não está configurado para o Mercado Pago. O sinal continua pelo código Pix da sua chave.",
};

export const CONNECTED: Toast = { type: "success", title: "Mercado Pago conectado.", description: "Os próximos sinais serão cobrados por Pix na sua conta." };

export function connectFailedToast(result: Exclude<ConnectResult, { ok: true }>): Toast {
  if (result.reason === "denied") {
    return { type: "error", title: "Conexão não autorizada", description: "Você não autorizou o Agendo no Mercado Pago. Tente de novo quando quiser." };
  }
  if (result.reason === "state") {
    return {
      type: "error",
      title: "Não foi possível conectar",
      description: "O retorno do Mercado Pago expirou ou não é desta conta. Clique em 'Conectar Mercado Pago' de novo.",
    };
  }
  return { type: "error", title: "Não foi possível conectar", description: result.message };
}

export const DISCONNECTED: Toast = {
  type: "success",
  title: "Mercado Pago desconectado.",
  description: "Os próximos sinais voltam a ser pagos pelo código Pix da sua chave.",
};
