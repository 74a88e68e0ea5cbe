import { data } from "react-router";
import { ResourceView } from "~/components/pages/article-views";
import { loadResource, loadResourceForm } from "~/content/templates/resource.server";
import { handleFormAction } from "~/forms/action.server";
import { downloadRedirect } from "~/forms/downloads.server";
import { FormSection } from "~/forms/form-section";
import { FORM_PAGE_HEADERS, formPageHeaders, pageFormData } from "~/forms/page-form.server";
import { SENT_PARAM } from "~/forms/query-params";
import type { RouteHandle } from "~/root";
import { pageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/resource";

export const handle: RouteHandle = { query: [SENT_PARAM], addresses: "listed" };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const resource = await loadResource(params.slug, url.pathname);
  const form = resource.form && pageFormData(resource.form, context, url);
  const loaded = { head: pageHead(url, resource.head), resource, form };
  return form ? data(loaded, { headers: FORM_PAGE_HEADERS }) : loaded;
}

export async function action(args: Route.ActionArgs) {
  const { params, url, context } = args;
  return handleFormAction(args, {
    path: url.pathname,
    form: await loadResourceForm(params.slug, url.pathname),
    afterRedirect: (path) => downloadRedirect(params.slug, context, path),
  });
}

export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = routeMeta;

export default function Resource({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceView resource={loaderData.resource} breadcrumbs={loaderData.head.breadcrumbs}>
      <FormSection form={loaderData.resource.form} data={loaderData.form} />
    </ResourceView>
  );
}
