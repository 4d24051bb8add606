/** The commission form of one member of the owner's team (issue 22): one way to build its link. */
export function commissionHref(memberId: string): string {
  return `/configuracoes/contas/comissao/${encodeURIComponent(memberId)}`;
}
