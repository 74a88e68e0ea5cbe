// The small-screen menu.
//
// Without JavaScript (server render, and until hydration) the menu is a native <details>/<summary>
// disclosure: the summary opens the same panel with the six links, Login and the social links, so
// small screens always reach navigation. Once hydrated it becomes a button-driven menu with
// aria-expanded/aria-controls, scroll lock, focus trap, Escape, close on link click, on route change
// and when the viewport grows to desktop width. Both render the panel with `data-open`.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { HEADER_LINKS, LOGIN_URL, type NavLink as NavLinkModel, SOCIAL_LINKS } from "~/config/site";
import { buttonClassName } from "../ui/button";
import { ArrowRightIcon, CloseIcon, MenuIcon } from "../ui/icons";
import { useEnhanced } from "../ui/use-enhanced";
import { VisuallyHidden } from "../ui/visually-hidden";
import {
  DESKTOP_MEDIA_QUERY,
  focusTrapTarget,
  getFocusableElements,
  lockScroll,
  MENU_OFFSET,
  menuOffset,
  menuToggleLabel,
} from "./mobile-menu-behaviour";
import { SectionLink } from "./section-link";
import { SocialLinks } from "./social-links";
import "./mobile-menu.css";

export const MOBILE_MENU_ID = "site-mobile-menu";
export const LOGIN_LABEL = "Login";

export interface MobileMenuProps {
  /** Header state: the panel sits below the compact (120 px) or expanded (140 px) header. */
  compact: boolean;
  links?: NavLinkModel[];
  /** False on error pages: no link is marked as the current section. */
  marksCurrentSection?: boolean;
}

export function MobileMenu(props: MobileMenuProps) {
  return useEnhanced() ? <InteractiveMobileMenu {...props} /> : <MobileMenuFallback {...props} />;
}

function MenuContent({
  links,
  marksCurrent,
  onNavigate,
}: {
  links: NavLinkModel[];
  marksCurrent: boolean;
  onNavigate?: () => void;
}) {
  return (
    <>
      <nav aria-label="Main">
        <ul className="mobile-menu__links">
          {links.map((link) => (
            <li key={link.href}>
              <SectionLink
                className="mobile-menu__link"
                to={link.href}
                marksCurrent={marksCurrent}
                onClick={onNavigate}
              >
                {link.label}
                <ArrowRightIcon size={22} />
              </SectionLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__footer">
        <a
          className={buttonClassName({ variant: "primary" }, "mobile-menu__login")}
          href={LOGIN_URL}
        >
          {LOGIN_LABEL}
        </a>
        <SocialLinks links={SOCIAL_LINKS} className="mobile-menu__social" />
      </div>
    </>
  );
}

/** No-JavaScript version: a native disclosure. */
export function MobileMenuFallback({
  links = HEADER_LINKS,
  marksCurrentSection = true,
}: MobileMenuProps) {
  return (
    <details className="mobile-menu">
      <summary className="mobile-menu__toggle">
        <MenuIcon className="mobile-menu__icon-open" />
        <CloseIcon className="mobile-menu__icon-close" />
        <VisuallyHidden>Menu</VisuallyHidden>
      </summary>
      <div
        id={MOBILE_MENU_ID}
        className="mobile-menu__panel"
        data-open="false"
        style={{ top: `${MENU_OFFSET}px` }}
      >
        <MenuContent links={links} marksCurrent={marksCurrentSection} />
      </div>
    </details>
  );
}

export interface InteractiveMobileMenuProps extends MobileMenuProps {
  /** For tests and stories: render already open. */
  defaultOpen?: boolean;
}

/** Hydrated version: a button-controlled menu with focus management. */
export function InteractiveMobileMenu({
  compact,
  links = HEADER_LINKS,
  marksCurrentSection = true,
  defaultOpen = false,
}: InteractiveMobileMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A route change (new path or hash) closes the menu: state adjusted during render, no extra pass.
  const location = useLocation();
  const routeKey = `${location.pathname}${location.hash}`;
  const [lastRouteKey, setLastRouteKey] = useState(routeKey);
  if (routeKey !== lastRouteKey) {
    setLastRouteKey(routeKey);
    setOpen(false);
  }

  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const unlockScroll = lockScroll(document);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
      } else if (event.key === "Tab") {
        const items = getFocusableElements(root);
        const active = document.activeElement as HTMLElement | null;
        const target = focusTrapTarget(
          active ? items.indexOf(active) : -1,
          items.length,
          event.shiftKey,
        );
        if (target !== null) {
          event.preventDefault();
          items[target]?.focus();
        }
      }
    };
    const desktop = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const onViewportChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onViewportChange);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onViewportChange);
      unlockScroll();
      // Closing hides whatever had focus inside the panel: hand focus back to the toggle.
      const active = document.activeElement;
      if (!active || active === document.body || root.contains(active)) {
        toggleRef.current?.focus({ preventScroll: true });
      }
    };
  }, [open]);

  return (
    <div className="mobile-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-label={menuToggleLabel(open)}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div
        id={MOBILE_MENU_ID}
        className="mobile-menu__panel"
        data-open={open ? "true" : "false"}
        hidden={!open}
        style={{ top: `${menuOffset(compact)}px` }}
      >
        <MenuContent
          links={links}
          marksCurrent={marksCurrentSection}
          onNavigate={() => setOpen(false)}
        />
      </div>
    </div>
  );
}
