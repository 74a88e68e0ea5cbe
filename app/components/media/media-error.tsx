// The hidden marker rendered in place of a media item that cannot be shown as an image (SPEC §4, §8).

/** SPEC §8: the exact message carried by the error attribute. */
export function mediaErrorMessage(type: string): string {
  return `Media of type ${type} cannot be used as an image`;
}

/** Media types the image renderer accepts (SPEC §5). */
export const IMAGE_MEDIA_TYPES: readonly string[] = ["IMG", "SVG"];

export function MediaError({ type }: { type: string }) {
  return <span hidden data-media-error={mediaErrorMessage(type)} />;
}
