// Pages measured by `npm run bench`; later issues add theirs here.
export const pages: { label: string; path: string }[] = [
  { label: "/dashboard", path: "/dashboard" },
  ...["hoje", "esta-semana", "este-mes", "ultimo-mes", "ultimos-3-meses", "este-ano"].map((p) => ({
    label: `/agenda?periodo=${p}`,
    path: `/agenda?periodo=${p}`,
  })),
  { label: "/clientes (first page)", path: "/clientes" },
  { label: "/clientes?q=silva (search)", path: "/clientes?q=silva" },
];
