// The query of our media route (/media/{id}/{name}), as BCMS's bin2 takes it.

/** `webp=t`: the WebP variant. */
export const WEBP_PARAM = "webp";
/** `sizeT=WxH`: one of the media's size transforms. */
export const SIZE_TRANSFORM_PARAM = "sizeT";
/** `tmb=t`: the thumbnail. */
export const THUMBNAIL_PARAM = "tmb";

export const MEDIA_QUERY_PARAMS = [WEBP_PARAM, SIZE_TRANSFORM_PARAM, THUMBNAIL_PARAM] as const;
