// A link to a section of the site (header and mobile menu) that marks the current section
// (`aria-current="page"`, class `active`) where there is one. An error page belongs to no
// section: its layout turns the marking off, so the page is the same whatever its path.
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

export function SectionLink({
  marksCurrent,
  ...props
}: {
  to: string;
  className: string;
  /** False: a plain link, never marked current. */
  marksCurrent: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return marksCurrent ? <NavLink {...props} /> : <Link {...props} />;
}
