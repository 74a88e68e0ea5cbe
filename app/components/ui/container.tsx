import type { ComponentPropsWithoutRef, ElementType } from "react";
import "./container.css";

export type ContainerWidth = "content" | "prose" | "wide";

export interface ContainerProps extends ComponentPropsWithoutRef<"div"> {
  /** Element to render (default `div`). */
  as?: ElementType;
  /** `content` = 72rem (default), `prose` = 44rem reading column, `wide` = 90rem. */
  width?: ContainerWidth;
}

/** Centres content with the site's side gutters. */
export function Container({
  as: Tag = "div",
  width = "content",
  className,
  ...props
}: ContainerProps) {
  const classes = ["container", width !== "content" && `container--${width}`, className]
    .filter(Boolean)
    .join(" ");
  return <Tag className={classes} {...props} />;
}
