// Solutions tabs: one panel per audience. Without JavaScript every panel is shown in
// order (each with its heading), so nothing is hidden from a no-JS visitor; with
// JavaScript they become an ARIA tab set, and `#tabs-{anchor}` selects a tab.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { TabModel } from "~/content/models";
import { type EntrySource, richContentMark, sourceMark } from "~/content/source-marks";
import { tabAnchorFromHash, tabHash } from "~/navigation/scroll-rules";
import { RichContent } from "../rich-text/rich-content";
import { useEnhanced } from "../ui/use-enhanced";

export const TAB_ID_PREFIX = "tabs-";

/** `source`: within a preview, the page entry the tabs are props of (source-marks.ts). */
export function Tabs({ tabs, source }: { tabs: TabModel[]; source?: EntrySource }) {
  const { hash } = useLocation();
  const enhanced = useEnhanced();
  const [selected, setSelected] = useState(() => tabs[0]?.anchor ?? "");

  useEffect(() => {
    const anchor = tabAnchorFromHash(hash);
    if (anchor && tabs.some((t) => t.anchor === anchor)) setSelected(anchor);
  }, [hash, tabs]);

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    setSelected(next.anchor);
    document.getElementById(`${TAB_ID_PREFIX}${next.anchor}`)?.focus();
  };

  return (
    <div className="tabs" data-enhanced={enhanced}>
      {enhanced && (
        <div className="tabs__list" role="tablist" aria-label="Solutions by audience">
          {tabs.map((tab, index) => (
            <button
              key={tab.anchor}
              type="button"
              role="tab"
              id={`${TAB_ID_PREFIX}${tab.anchor}`}
              aria-selected={selected === tab.anchor}
              aria-controls={`panel-${tab.anchor}`}
              tabIndex={selected === tab.anchor ? 0 : -1}
              className="tabs__tab"
              onClick={() => {
                setSelected(tab.anchor);
                window.history.replaceState(window.history.state, "", tabHash(tab.anchor));
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
              {...sourceMark(source, `tabs · ${index + 1} · label`)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tab, index) => (
        <section
          key={tab.anchor}
          id={enhanced ? `panel-${tab.anchor}` : `${TAB_ID_PREFIX}${tab.anchor}`}
          className="tabs__panel"
          role={enhanced ? "tabpanel" : undefined}
          aria-labelledby={enhanced ? `${TAB_ID_PREFIX}${tab.anchor}` : undefined}
          hidden={enhanced && selected !== tab.anchor}
        >
          <h2
            className={enhanced ? "visually-hidden" : "tabs__heading"}
            {...sourceMark(source, `tabs · ${index + 1} · label`)}
          >
            {tab.label}
          </h2>
          <RichContent
            blocks={tab.body}
            mark={richContentMark(source, `tabs · ${index + 1} · body`, tab.body)}
          />
        </section>
      ))}
    </div>
  );
}
