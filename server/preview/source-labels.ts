// A preview's source labels: every element the render marked with the entry and prop it shows
// (app/content/source-marks.ts) is outlined on hover and focus, and a label names it, with a
// link to the entry in the CMS's dashboard (or, without BCMS_DASHBOARD_URL, its ids to copy).
// The outline is plain CSS; the label is a small script of the preview's own, which runs
// whether or not the page's app does, and changes nothing of the page's content: it adds the
// label at the end of the body (never among the elements the app hydrates), makes marked
// elements reachable with the keyboard and flags the one whose label shows.
import { SOURCE_ATTRIBUTE, WIDGETS_ATTRIBUTE } from "../../app/content/source-marks";

export const SOURCE_LABEL_ID = "cms-source-label";

const OUTLINE = `[${SOURCE_ATTRIBUTE}]:hover,[${SOURCE_ATTRIBUTE}]:focus,[${SOURCE_ATTRIBUTE}]:focus-within{outline:2px dashed #f19c09;outline-offset:2px}`;
// Over the page, the label lets clicks through but for its link and its ids (a label over a
// link of the page must not take that link's clicks).
const LABEL = `#${SOURCE_LABEL_ID}{position:absolute;z-index:2147483646;max-width:min(36rem,calc(100vw - 1rem));padding:0.2rem 0.5rem;background:#f19c09;color:#1b1340;font:600 13px/1.4 system-ui,sans-serif;border-radius:3px;box-shadow:0 1px 4px rgba(0,0,0,0.3);overflow-wrap:anywhere}#${SOURCE_LABEL_ID} a{color:inherit;text-decoration:underline}#${SOURCE_LABEL_ID} code{font:12px/1.4 ui-monospace,monospace;user-select:all}#${SOURCE_LABEL_ID}{pointer-events:none}#${SOURCE_LABEL_ID} :is(a,code){pointer-events:auto}`;

export const SOURCE_LABEL_STYLE = `${OUTLINE}${LABEL}`;

/**
 * Runs in the preview page, serialised with Function#toString: nothing from outside its body.
 * Marks are read when needed, so what the app renders after hydration is labelled the same.
 */
function labelSources(sourceAttribute: string, widgetsAttribute: string, labelId: string): void {
  interface Mark {
    label: string;
    templateId?: string;
    entry?: string;
    edit?: string;
    /** A piece of the site's code: named, with nothing to open. */
    code?: boolean;
  }
  const selector = `[${sourceAttribute}]`;
  /** On the element whose label shows (tabThroughLabel reads it). */
  const SHOWN = "data-cms-label-shown";
  let shownFor: Element | null = null;

  const read = (element: Element): Mark | undefined => {
    try {
      return JSON.parse(element.getAttribute(sourceAttribute) ?? "") as Mark;
    } catch {
      return undefined;
    }
  };

  // A rich text names its widgets in a side table: each widget's element gets its own mark.
  const markWidgets = (): void => {
    for (const rich of document.querySelectorAll(`[${widgetsAttribute}]`)) {
      const mark = read(rich);
      if (!mark) continue;
      for (const entry of (rich.getAttribute(widgetsAttribute) ?? "").split(" ")) {
        const [child, number, name] = entry.split(":");
        const element = rich.children[Number(child)];
        if (!element || element.hasAttribute(sourceAttribute)) continue;
        const label = `${mark.label} · widget ${number} (${name})`;
        element.setAttribute(sourceAttribute, JSON.stringify({ ...mark, label }));
      }
    }
  };

  // Marked elements that hold nothing focusable are made focusable, for the keyboard.
  const makeFocusable = (): void => {
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const focusable = element.querySelector("a[href],button,input,select,textarea,[tabindex]");
      if (!focusable && !element.hasAttribute("tabindex")) element.tabIndex = 0;
    }
  };

  const labelElement = (): HTMLElement => {
    let label = document.getElementById(labelId);
    if (!label) {
      label = document.createElement("div");
      label.id = labelId;
      label.setAttribute("role", "note");
      label.hidden = true;
    }
    return label;
  };

  const fill = (label: HTMLElement, mark: Mark): void => {
    label.replaceChildren();
    if (mark.edit) {
      const link = document.createElement("a");
      link.href = mark.edit;
      link.target = "_blank";
      link.rel = "noreferrer noopener";
      link.textContent = mark.label;
      label.append(link);
      return;
    }
    if (mark.code || !mark.entry) {
      label.append(mark.label);
      return;
    }
    const ids = document.createElement("code");
    ids.textContent = `template ${mark.templateId} · entry ${mark.entry}`;
    label.append(`${mark.label} `, ids);
  };

  // The label sits at the end of the body, outside what the app renders (an element of its
  // own among the page's would make the app's hydration find a page it did not render); Tab
  // goes from the element to the label's link and on (keyboard handling below).
  const show = (element: Element): void => {
    const mark = read(element);
    if (!mark) return;
    const label = labelElement();
    if (label.parentElement !== document.body) document.body.append(label);
    if (shownFor !== element) {
      fill(label, mark);
      shownFor?.removeAttribute(SHOWN);
      element.setAttribute(SHOWN, "");
      shownFor = element;
    }
    label.hidden = false;
    // Placed by measure: whatever box it is positioned in, it sits on the element's top edge.
    label.style.left = "0px";
    label.style.top = "0px";
    const origin = label.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const room = document.documentElement.clientWidth - label.offsetWidth - 4;
    const left = Math.max(0, Math.min(box.left, room)) - origin.left;
    const top = Math.max(0, box.top - label.offsetHeight) - origin.top;
    label.style.left = `${left}px`;
    label.style.top = `${top}px`;
  };

  const hide = (): void => {
    const label = document.getElementById(labelId);
    if (label) label.hidden = true;
    shownFor?.removeAttribute(SHOWN);
    shownFor = null;
  };

  const owner = (target: EventTarget | null): Element | null => {
    if (!(target instanceof Element)) return null;
    if (target.closest(`#${labelId}`)) return shownFor;
    return target.closest(selector);
  };

  const prepare = (): void => {
    markWidgets();
    makeFocusable();
  };
  prepare();
  // The app re-renders parts of the page (a widget that plays, a page it navigates to).
  new MutationObserver(prepare).observe(document.documentElement, {
    childList: true,
    subtree: true,
  });
  document.addEventListener("mouseover", (event) => {
    const element = owner(event.target);
    if (element) show(element);
    else hide();
  });
  document.addEventListener("focusin", (event) => {
    const element = owner(event.target);
    if (element) show(element);
    else hide();
  });
}

/**
 * Runs in the preview page next to labelSources, serialised the same way. Tab goes as if the
 * label followed its element: from the element's last stop to the label's link, and from the
 * link on to what follows the element (Shift+Tab back to it).
 */
function tabThroughLabel(labelId: string, shownAttribute: string): void {
  const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"])';
  const focusables = (within: ParentNode): HTMLElement[] =>
    [...within.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.closest(`#${labelId}`) && !element.hasAttribute("disabled"),
    );
  document.addEventListener("keydown", (event) => {
    const shown = document.querySelector<HTMLElement>(`[${shownAttribute}]`);
    const label = document.getElementById(labelId);
    const link = label?.querySelector("a");
    const active = document.activeElement;
    if (event.key !== "Tab" || !shown || !label || label.hidden || !active) return;
    const last = focusables(shown).at(-1) ?? shown;
    if (!event.shiftKey && link && active === last) {
      event.preventDefault();
      link.focus();
    } else if (label.contains(active)) {
      event.preventDefault();
      if (event.shiftKey) return last.focus();
      const follows = (element: HTMLElement) =>
        !shown.contains(element) &&
        (last.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      focusables(document).find(follows)?.focus();
    }
  });
}

export const SOURCE_LABEL_SCRIPT = [
  `(${labelSources.toString()})(${JSON.stringify(SOURCE_ATTRIBUTE)},${JSON.stringify(WIDGETS_ATTRIBUTE)},${JSON.stringify(SOURCE_LABEL_ID)});`,
  `(${tabThroughLabel.toString()})(${JSON.stringify(SOURCE_LABEL_ID)},"data-cms-label-shown");`,
].join("");
