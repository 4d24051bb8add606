import { notFound } from "../utils/actions.server";
import { NotFoundView } from "../components/error-boundary";

// Every unknown path, for GET and POST alike, answers 404 with the not-found page.
export const meta = () => [{ title: "Página não encontrada — Agendo" }];

export function loader() {
  notFound();
}

export function action() {
  notFound();
}

export default function Splat() {
  return <NotFoundView />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
