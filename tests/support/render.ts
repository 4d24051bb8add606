// A route's screen as the server renders it from its loader's (and action's) data, and the text
// a person reads on it: for tests that check what two screens say, without a browser.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

/** The HTML of `Component` at `path`, with `loaderData` (and `actionData`) as its route's. */
export function renderRoute(Component: ComponentType, path: string, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([{ id: "screen", path: new URL(path, "http://x").pathname, Component, loader: () => loaderData }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { screen: loaderData }, ...(actionData === undefined ? {} : { actionData: { screen: actionData } }) },
    }),
  );
}

/** The visible text of some HTML: no scripts, no tags, entities of quotes decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " "); // not \s: prices keep their no-break space, as formatMoney writes them
}
