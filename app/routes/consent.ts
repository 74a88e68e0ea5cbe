// POST /consent: the consent banner without JavaScript (app/consent/consent-form.server.ts).
import { handleConsentPost } from "~/consent/consent-form.server";
import type { Route } from "./+types/consent";

export function action({ request }: Route.ActionArgs) {
  return handleConsentPost(request);
}

/** Nothing to show at this address: the choices live in the banner on every page. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/#consent" } });
}
