// The hidden marker rendered in place of a media item that cannot be shown as an image.

/** The message carried by the error attribute (tests and content checks quote it). */
export function mediaErrorMessage(type: string): string {
  return `Media of type ${type} cannot be used as an image`;
}

/** Media types the image renderer accepts. */
export const IMAGE_MEDIA_TYPES: readonly string[] = ["IMG", "SVG"];

export function MediaError({ type }: { type: string }) {
  return <span hidden data-media-error={mediaErrorMessage(type)} />;
}
