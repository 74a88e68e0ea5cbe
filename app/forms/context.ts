// The forms service and the request's facts reach loaders and actions through React
// Router's context. The production server fills it (app/entry.server.tsx
// `createLoadContext`); prerendering and the dev server leave it empty, and then pages
// render their forms without a stamp and the action answers 503.
import { createContext, RouterContextProvider } from "react-router";
import type { FormsService, RequestFacts } from "./contract";

export const formsContext = createContext<FormsService | null>(null);
export const requestFactsContext = createContext<RequestFacts | null>(null);

export interface SiteServices {
  forms?: FormsService;
}

export function createLoadContext(
  services: SiteServices,
  facts: RequestFacts,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(formsContext, services.forms ?? null);
  context.set(requestFactsContext, facts);
  return context;
}
