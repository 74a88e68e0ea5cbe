// The visible breadcrumb trail of a deep page, by the WAI-ARIA breadcrumb pattern: an
// ordered list of links in a navigation landmark named "Breadcrumb", the current page
// marked with aria-current. The trail is the one of the page's structured data
// (seo/breadcrumbs.server.ts), so what visitors and search engines see agrees.
import { Link } from "react-router";
import type { PageCrumb } from "~/seo/route-meta";

export const BREADCRUMB_LABEL = "Breadcrumb";

export function Breadcrumbs({
  crumbs,
  pageLang,
}: {
  crumbs: readonly PageCrumb[] | undefined;
  /** The page's language when it is not English: the section names stay English. */
  pageLang?: string;
}) {
  if (!crumbs || crumbs.length === 0) return null;
  const foreign = pageLang && pageLang !== "en" ? pageLang : undefined;
  return (
    <nav aria-label={BREADCRUMB_LABEL} className="breadcrumbs" lang={foreign ? "en" : undefined}>
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="breadcrumbs__item">
              <Link
                to={crumb.path}
                className="breadcrumbs__link"
                aria-current={current ? "page" : undefined}
                lang={current ? foreign : undefined}
              >
                {crumb.name}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
