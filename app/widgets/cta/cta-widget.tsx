// Call-to-action link button, by the site's one link rule (SmartLink): http(s) targets open in
// a new tab, site paths use the router, anything else ("#…", mailto:) is a plain anchor.
import { isExternalHref } from "~/components/ui/href";
import { SmartLink } from "~/components/ui/smart-link";
import type { WidgetProps } from "../types";
import "./cta.css";

/** Announced after the label of links that open a new tab (WCAG 3.2.5 advice). */
export const NEW_TAB_HINT = "(opens in a new tab)";

function Arrow() {
  return (
    <svg className="w-cta__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path d="M4 10h11m-4-4 4 4-4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function CtaWidget({ href, label }: WidgetProps<"cta">) {
  return (
    <p className="w-cta" data-widget="cta">
      <SmartLink className="w-cta__link" href={href}>
        <span>{label}</span>
        <Arrow />
        {isExternalHref(href) && (
          <>
            {" "}
            <span className="visually-hidden">{NEW_TAB_HINT}</span>
          </>
        )}
      </SmartLink>
    </p>
  );
}
