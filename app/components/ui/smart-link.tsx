// One link component for hrefs of unknown origin (CMS, config): router links for site paths,
// plain anchors for everything else, a new tab for absolute http(s) URLs unless told otherwise
// (the rule itself is href.ts).
import type { ComponentPropsWithoutRef } from "react";
import { Link } from "react-router";
import { EXTERNAL_LINK_REL, isExternalHref, isInternalHref } from "./href";

export interface SmartLinkProps extends Omit<ComponentPropsWithoutRef<"a">, "href"> {
  href: string;
  /** Open in a new tab; defaults to `isExternalHref(href)`. */
  newTab?: boolean;
}

export function SmartLink({ href, newTab, children, ...props }: SmartLinkProps) {
  const openInNewTab = newTab ?? isExternalHref(href);
  if (isInternalHref(href) && !openInNewTab) {
    return (
      <Link to={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a
      {...props}
      href={href}
      {...(openInNewTab ? { target: "_blank", rel: EXTERNAL_LINK_REL } : {})}
    >
      {children}
    </a>
  );
}
