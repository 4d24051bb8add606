import { data } from "react-router";
import { NotFoundView } from "../components/error-boundary";

export const meta = () => [{ title: "Página não encontrada — Agendo" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundView />;
}
