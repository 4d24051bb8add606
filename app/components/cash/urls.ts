/** 'Fechar atendimento' for an appointment, coming back to `back` (a workspace page) once saved. */
export function closeFormHref(id: string, back: string) {
  return `/caixa/fechar?${new URLSearchParams({ atendimento: id, volta: back })}`;
}
