// Inline SVG markup of an ImageModel. The markup was sanitised by the content layer (server
// side, allow-list), which is why this is the one place that sets HTML directly.

export interface InlineSvgProps {
  /** Sanitised `<svg>` markup from `ImageModel.svg`. */
  svg: string;
  /** Accessible name; an empty string marks the graphic as decorative. */
  alt: string;
  className?: string;
}

export function InlineSvg({ svg, alt, className }: InlineSvgProps) {
  const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
  return (
    <span
      className={className ? `media-svg ${className}` : "media-svg"}
      {...a11y}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (models.ts ImageModel.svg)
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
