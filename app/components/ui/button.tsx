import type { ComponentPropsWithoutRef } from "react";
import { SmartLink, type SmartLinkProps } from "./smart-link";
import "./button.css";

/**
 * `primary`: navy fill; `accent`: mint fill, navy text; `light`: white fill, navy text;
 * `outline`: transparent with a border in the current text colour (works on any background).
 */
export type ButtonVariant = "primary" | "accent" | "light" | "outline";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClassName(
  { variant = "primary", size = "md" }: ButtonStyleProps,
  extra?: string,
): string {
  return ["button", `button--${variant}`, size !== "md" && `button--${size}`, extra]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ComponentPropsWithoutRef<"button"> & ButtonStyleProps;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size }, className)} {...props} />
  );
}

export type ButtonLinkProps = SmartLinkProps & ButtonStyleProps;

/** A link that looks like a button: router link for site paths, new tab for http(s) URLs. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <SmartLink className={buttonClassName({ variant, size }, className)} {...props} />;
}
