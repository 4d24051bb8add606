// The profile photo's limits and what a professional is told when one is refused (client-safe:
// the settings form checks the size before upload; profile-photo.server.ts does the rest).
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Photos one account may send in an hour (docs/decisions/0713). */
export const PHOTO_UPLOADS_PER_HOUR = 10;
export const IMAGE_ERRORS = {
  empty: { title: "Erro ao carregar imagem", text: "Escolha uma foto para enviar." },
  type: { title: "Tipo inválido", text: "Apenas imagens são aceitas" },
  size: { title: "Arquivo muito grande", text: "O arquivo deve ter no máximo 5MB" },
  unreadable: {
    title: "Erro ao carregar imagem",
    text: "Não foi possível ler esta imagem. Tente outra foto.",
  },
  resolution: {
    title: "Erro ao carregar imagem",
    text: "A foto tem resolução muito alta. Envie uma foto de até 16 megapixels.",
  },
  inflated: {
    title: "Arquivo muito grande",
    text: "Esta imagem fica grande demais ao ser aberta. Envie uma foto comum de até 16 megapixels.",
  },
  webpTooBig: {
    title: "Erro ao carregar imagem",
    text: "Esta foto WebP é grande demais. Envie uma foto JPEG ou PNG, ou uma WebP de até 100 KB.",
  },
  failed: { title: "Erro ao carregar imagem", text: "Não foi possível salvar a foto. Tente novamente." },
  tooMany: {
    title: "Limite de fotos atingido",
    text: `Você já enviou ${PHOTO_UPLOADS_PER_HOUR} fotos na última hora. Aguarde um pouco para enviar outra.`,
  },
  busy: {
    title: "Muitas fotos ao mesmo tempo",
    text: "Estamos processando muitas fotos agora. Tente novamente em instantes.",
  },
} as const;
export type ImageErrorCode = keyof typeof IMAGE_ERRORS;
export const IMAGE_SAVED = { title: "Imagem carregada", description: "Sua foto de perfil foi atualizada." };
export const IMAGE_REMOVED = { title: "Foto removida", description: "Sua página mostra suas iniciais." };
