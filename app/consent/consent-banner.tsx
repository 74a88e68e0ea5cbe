// The consent banner: the same markup for every visitor, so
// prerendered pages stay prerendered. Whether it shows is decided in the browser by the
// inline runtime (consent-runtime.ts) through <html data-consent>, before the first paint:
// no flash and no layout shift. It has no React state or handlers: the runtime answers its
// forms by delegation, so it works before the app's JavaScript arrives; without JavaScript
// the forms post to /consent, which stores the choice and returns to the page.
// It is rendered to markup on the server only (consent-markup.server.tsx): the browser
// bundle carries none of it.
import { buttonClassName } from "~/components/ui/button";
import { type EntrySource, sourceMark } from "../content/source-marks";
import { CONSENT_FORM_ATTRIBUTE, CONSENT_PANEL_ID } from "./attributes";
import { CONSENT_ACTION_PATH, CONSENT_RETURN_FIELD, CONSENT_SAVED_ID } from "./consent-form";
import type { ConsentWording } from "./model";

export interface ConsentBannerProps {
  wording: ConsentWording;
  /** The page's path and query: where the form without JavaScript returns. */
  returnTo: string;
}

const TITLE_ID = "consent-title";

function HiddenFields({ returnTo, version }: { returnTo: string; version: string }) {
  return (
    <>
      <input type="hidden" name={CONSENT_RETURN_FIELD} value={returnTo} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

export function ConsentBanner({ wording, returnTo }: ConsentBannerProps) {
  const form = { [CONSENT_FORM_ATTRIBUTE]: "" };
  const button = buttonClassName({ variant: "outline", size: "sm" }, "consent__button");
  return (
    <section
      id={CONSENT_PANEL_ID}
      className="consent__panel"
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
    >
      <h2 id={TITLE_ID} className="consent__title" {...sourceMark(wording.source, "heading")}>
        {wording.title}
      </h2>
      {wording.body.map((paragraph) => (
        <p key={paragraph} className="consent__text" {...sourceMark(wording.source, "body")}>
          {paragraph}
        </p>
      ))}
      <p className="consent__text" {...sourceMark(wording.source, "policy_page")}>
        <a className="consent__policy" href={wording.policyHref}>
          {wording.policyLabel}
        </a>
      </p>
      <p className="consent__gpc" {...sourceMark(wording.source, "gpc_notice")}>
        {wording.gpcNotice}
      </p>
      <p
        id={CONSENT_SAVED_ID}
        className="consent__saved"
        {...sourceMark(wording.source, "saved_notice")}
      >
        {wording.savedNotice}
      </p>
      <div className="consent__actions">
        <form method="post" action={CONSENT_ACTION_PATH} className="consent__buttons" {...form}>
          <HiddenFields returnTo={returnTo} version={wording.version} />
          <button
            type="submit"
            name="choice"
            value="accept"
            className={button}
            {...sourceMark(wording.source, "accept_label")}
          >
            {wording.acceptLabel}
          </button>
          <button
            type="submit"
            name="choice"
            value="reject"
            className={button}
            {...sourceMark(wording.source, "reject_label")}
          >
            {wording.rejectLabel}
          </button>
        </form>
        <details className="consent__choose">
          <summary className={button} {...sourceMark(wording.source, "choose_label")}>
            {wording.chooseLabel}
          </summary>
          <form method="post" action={CONSENT_ACTION_PATH} {...form}>
            <HiddenFields returnTo={returnTo} version={wording.version} />
            {/* The group's name is the Choose button's text, which sits right above it: the
                legend says it to assistive technology without showing it twice. */}
            <fieldset className="consent__categories">
              <legend className="visually-hidden">{wording.chooseLabel}</legend>
              <Category
                name="necessary"
                label={wording.necessary.label}
                description={wording.necessary.description}
                source={wording.source}
                fixed
              />
              <Category
                name="analytics"
                label={wording.analytics.label}
                description={wording.analytics.description}
                source={wording.source}
              />
              <Category
                name="advertising"
                label={wording.advertising.label}
                description={wording.advertising.description}
                source={wording.source}
              />
            </fieldset>
            <button
              type="submit"
              name="choice"
              value="save"
              className={button}
              {...sourceMark(wording.source, "save_label")}
            >
              {wording.saveLabel}
            </button>
          </form>
        </details>
      </div>
    </section>
  );
}

function Category(props: {
  name: string;
  label: string;
  description: string;
  fixed?: boolean;
  source?: EntrySource;
}) {
  const id = `consent-${props.name}`;
  return (
    <div className="consent__category">
      <input
        id={id}
        type="checkbox"
        name={props.fixed ? undefined : props.name}
        value="1"
        defaultChecked={props.fixed}
        disabled={props.fixed}
        aria-describedby={`${id}-description`}
      />
      <label htmlFor={id} {...sourceMark(props.source, `${props.name} · label`)}>
        {props.label}
      </label>
      <p
        id={`${id}-description`}
        className="consent__description"
        {...sourceMark(props.source, `${props.name} · description`)}
      >
        {props.description}
      </p>
    </div>
  );
}
