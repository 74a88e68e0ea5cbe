// Call-to-action link button. http(s) targets open in a new tab (SPEC §2); site paths use the
// router; anything else ("#…", mailto:) is a plain anchor.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isExternalHref, isInternalHref } from "../../components/rich-text/href";
import type { WidgetProps } from "../types";
import "./cta.css";

export { isExternalHref };

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
  const content = (
    <>
      <span>{label}</span>
      <Arrow />
    </>
  );
  let link: ReactNode;
  if (isExternalHref(href)) {
    link = (
      <a className="w-cta__link" href={href} target="_blank" rel="noopener noreferrer">
        {content} <span className="visually-hidden">{NEW_TAB_HINT}</span>
      </a>
    );
  } else if (isInternalHref(href)) {
    link = (
      <Link className="w-cta__link" to={href}>
        {content}
      </Link>
    );
  } else {
    link = (
      <a className="w-cta__link" href={href}>
        {content}
      </a>
    );
  }
  return (
    <p className="w-cta" data-widget="cta">
      {link}
    </p>
  );
}
