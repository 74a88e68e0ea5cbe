import type { ComponentPropsWithoutRef } from "react";

/** Text for assistive technology only; the `.visually-hidden` rule lives in global.css. */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<"span">) {
  return (
    <span className={className ? `visually-hidden ${className}` : "visually-hidden"} {...props} />
  );
}
