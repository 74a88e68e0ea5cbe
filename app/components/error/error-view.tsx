// The error page body: an orange hero. 404 says "Page Not Found" and
// offers a way back; any other status gets a generic message (never error details or stacks).
import type { HeroTheme } from "~/content/models";
import { NOT_FOUND_TITLE } from "~/seo/route-meta";
import { Hero } from "../hero/hero";
import { ButtonLink } from "../ui/button";
import "./error-view.css";

export const NOT_FOUND_STATUS = 404;
export const NOT_FOUND_MESSAGE =
  "The page you are looking for doesn't exist or has moved. Try the homepage, or catch up on the latest from ID5.";
export const SERVER_ERROR_TITLE = "Something went wrong";
export const SERVER_ERROR_MESSAGE =
  "We couldn't load this page just now. Please try again in a moment.";
export const ERROR_HERO_THEME: HeroTheme = "orange";

/** Where a lost visitor can go next. */
export const ERROR_LINKS = [
  { label: "Go to the homepage", href: "/" },
  { label: "Read the latest news", href: "/news" },
] as const;

export interface ErrorViewProps {
  status: number;
  /**
   * Replaces the default explanation. Only pass text written for visitors: the view shows it
   * as-is. Leave it out for server errors so internals never reach the page.
   */
  message?: string;
}

export const REQUEST_ERROR_TITLE = "We could not accept that";

export function errorTitle(status: number): string {
  if (status === NOT_FOUND_STATUS) return NOT_FOUND_TITLE;
  return status >= 400 && status < 500 ? REQUEST_ERROR_TITLE : SERVER_ERROR_TITLE;
}

export function errorMessage(status: number, message?: string): string {
  if (message) return message;
  return status === NOT_FOUND_STATUS ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE;
}

export function ErrorView({ status, message }: ErrorViewProps) {
  const [home, news] = ERROR_LINKS;
  return (
    <Hero
      className="error-view"
      theme={ERROR_HERO_THEME}
      title={errorTitle(status)}
      description={errorMessage(status, message)}
      body={
        <div className="error-view__actions" data-status={status}>
          <ButtonLink href={home.href} variant="primary" size="lg">
            {home.label}
          </ButtonLink>
          <ButtonLink href={news.href} variant="outline" size="lg">
            {news.label}
          </ButtonLink>
        </div>
      }
      footer={<p className="error-view__status">Error {status}</p>}
    />
  );
}
