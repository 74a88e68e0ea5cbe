import { data } from "react-router";
import { SectionPageView } from "~/components/pages/section-page-view";
import { loadSectionPage, loadSectionPageForm } from "~/content/templates/page.server";
import { handleFormAction } from "~/forms/action.server";
import { DownloadOfferView } from "~/forms/download-offer";
import { readDownloadOffer } from "~/forms/downloads.server";
import { FormSection } from "~/forms/form-section";
import { FORM_PAGE_HEADERS, formPageHeaders, pageFormData } from "~/forms/page-form.server";
import { DOWNLOAD_TOKEN_PARAM, SENT_PARAM } from "~/forms/query-params";
import type { RouteHandle } from "~/root";
import { pageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/section-page";

export const handle: RouteHandle = { query: [SENT_PARAM, DOWNLOAD_TOKEN_PARAM] };

/** The thank-you page of gated downloads: it shows the signed link it was sent with. */
const DOWNLOAD_THANK_YOU_PATH = "/resources/thank-you";

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadSectionPage(url.pathname);
  const form = page.form && pageFormData(page.form, context, url);
  const download =
    url.pathname === DOWNLOAD_THANK_YOU_PATH ? readDownloadOffer(url, context) : undefined;
  const loaded = { head: pageHead(url, page.head), page, form, download };
  return form || download ? data(loaded, { headers: FORM_PAGE_HEADERS }) : loaded;
}

export async function action(args: Route.ActionArgs) {
  const form = await loadSectionPageForm(args.url.pathname);
  return handleFormAction(args, { path: args.url.pathname, form });
}

export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = routeMeta;

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <SectionPageView
      page={loaderData.page}
      lead={<DownloadOfferView offer={loaderData.download} />}
    >
      <FormSection form={loaderData.page.form} data={loaderData.form} />
    </SectionPageView>
  );
}
