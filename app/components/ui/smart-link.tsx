// One link component for hrefs of unknown origin (CMS, config): router links for site paths,
// plain anchors for everything else, a new tab for absolute http(s) URLs unless told otherwise.
import type { ComponentPropsWithoutRef } from "react";
import { Link } from "react-router";

/** `rel` for every link that opens a new tab. */
export const EXTERNAL_LINK_REL = "noopener noreferrer";

/** Absolute http(s) URLs leave the site (SPEC §2: "hrefs starting with http open in a new tab"). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** Site-relative paths (`/about`, `/about#values`) are routed in-app; `//host` is not a path. */
export function isInternalPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

export interface SmartLinkProps extends Omit<ComponentPropsWithoutRef<"a">, "href"> {
  href: string;
  /** Open in a new tab; defaults to `isExternalHref(href)`. */
  newTab?: boolean;
}

export function SmartLink({ href, newTab, children, ...props }: SmartLinkProps) {
  const openInNewTab = newTab ?? isExternalHref(href);
  if (isInternalPath(href) && !openInNewTab) {
    return (
      <Link to={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      {...(openInNewTab ? { target: "_blank", rel: EXTERNAL_LINK_REL } : {})}
      {...props}
    >
      {children}
    </a>
  );
}
