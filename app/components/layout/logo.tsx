// The ID5 wordmark, drawn as strokes so it stays crisp at any size and inherits colour:
// "ID" in currentColor, "5" in --logo-accent.

export interface LogoProps {
  className?: string;
  /** Rendered width in px; the height follows the 58:28 wordmark ratio. */
  width?: number;
}

export function Logo({ className, width = 72 }: LogoProps) {
  return (
    <svg
      className={className}
      width={width}
      height={Math.round((width * 28) / 58)}
      viewBox="0 0 58 28"
      fill="none"
      stroke="currentColor"
      strokeWidth={6}
      strokeLinejoin="miter"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 0v28M14 3h6a11 11 0 0 1 0 22h-6z" />
      <path
        d="M57 3H42v9.5h6a6.25 6.25 0 0 1 0 12.5h-9"
        stroke="var(--logo-accent, currentColor)"
      />
    </svg>
  );
}
