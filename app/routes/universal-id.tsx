// /universal-id/{slug} and /partner-sign-up/{slug}: the partner screens reuse these pages.
import { data } from "react-router";
import { UniversalIdView } from "~/components/pages/universal-id-view";
import {
  loadUniversalIdPage,
  loadUniversalIdPageForm,
} from "~/content/templates/universal-id-page.server";
import { handleFormAction } from "~/forms/action.server";
import { FormSection } from "~/forms/form-section";
import { FORM_PAGE_HEADERS, formPageHeaders, pageFormData } from "~/forms/page-form.server";
import { SENT_PARAM } from "~/forms/query-params";
import type { RouteHandle } from "~/root";
import { pageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/universal-id";

export const handle: RouteHandle = { query: [SENT_PARAM], addresses: "listed" };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = await loadUniversalIdPage(params.slug, url.pathname);
  const form = page.form && pageFormData(page.form, context, url);
  const loaded = { head: pageHead(url, page.head), page, form };
  return form ? data(loaded, { headers: FORM_PAGE_HEADERS }) : loaded;
}

export async function action(args: Route.ActionArgs) {
  const form = await loadUniversalIdPageForm(args.params.slug, args.url.pathname);
  return handleFormAction(args, { path: args.url.pathname, form });
}

export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = routeMeta;

export default function UniversalId({ loaderData }: Route.ComponentProps) {
  return (
    <UniversalIdView page={loaderData.page}>
      <FormSection form={loaderData.page.form} data={loaderData.form} />
    </UniversalIdView>
  );
}
