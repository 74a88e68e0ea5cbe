/**
 * Default image size transforms (docs/content-model.md): each default width
 * smaller than the original, plus the original size; heights keep the aspect
 * ratio (rounded). Values are BCMS's "{w}x{h}" strings.
 */
export const DEFAULT_TRANSFORM_WIDTHS = [350, 650, 1024, 1440, 1920] as const;

const SIZE_TRANSFORM = /^([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$/;

export function computeSizeTransforms(width: number, height: number): string[] {
  if (!(width > 0 && height > 0)) return [];
  const transforms = DEFAULT_TRANSFORM_WIDTHS.filter((w) => w < width).map(
    (w) => `${w}x${Math.max(1, Math.round((w * height) / width))}`,
  );
  transforms.push(`${Math.round(width)}x${Math.round(height)}`);
  return transforms;
}

export function parseSizeTransform(value: string): { width: number; height: number } | undefined {
  const match = SIZE_TRANSFORM.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function hasValidSizeTransforms(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === "string" && parseSizeTransform(item) !== undefined)
  );
}
