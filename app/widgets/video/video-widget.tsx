// Video widget: an uploaded file plays in <video controls>; an embedded video
// shows its thumbnail and a play control, and a click swaps in the autoplaying iframe (one
// way: there is no going back to the thumbnail). No third-party frame loads before the click.
//
// Without JavaScript the play control is a link to the embed URL, so the video stays
// reachable; once hydrated it is enhanced into a <button> that plays in place. The server
// markup is therefore the link, and the e2e test can wait for the button
// (data-testid="video-play") to know that the click will play in place.
import { type Ref, useEffect, useRef, useState } from "react";
import { Picture } from "~/components/media/picture";
import type { ImageModel, VideoFileModel } from "~/content/models";
import type { WidgetProps } from "../types";
import { withAutoplay } from "./privacy-embed-url";
import "./video.css";

/** Shown by browsers that cannot play the <video> element. */
export const VIDEO_UNSUPPORTED_TEXT = "Your browser does not support the video tag.";
export const VIDEO_IFRAME_ALLOW = "autoplay; encrypted-media; picture-in-picture";
export const DEFAULT_VIDEO_TITLE = "Video";
/** The video spans the content column at most. */
export const VIDEO_SIZES = "(min-width: 72rem) 1152px, 100vw";

export function playVideoLabel(title: string): string {
  return `Play video: ${title}`;
}

function PlayIcon() {
  return (
    <span className="w-video__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
      </svg>
    </span>
  );
}

export function VideoFile({
  video,
  title,
  poster,
}: {
  video: VideoFileModel;
  title: string;
  poster?: ImageModel;
}) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: caption tracks come from the model when the video has speech
    <video
      className="w-video__file"
      controls
      preload="metadata"
      width={video.width}
      height={video.height}
      playsInline
      poster={poster?.mediaType === "IMG" ? poster.src : undefined}
      aria-label={title}
    >
      <source src={video.src} type={video.mimetype} />
      {video.captions?.map((track, index) => (
        <track
          key={track.src}
          kind="captions"
          src={track.src}
          srcLang={track.srclang}
          label={track.label}
          default={index === 0}
        />
      ))}
      {VIDEO_UNSUPPORTED_TEXT}
    </video>
  );
}

/** link: server/no-JS markup; button: hydrated; playing: the iframe replaced the thumbnail. */
export type VideoEmbedMode = "link" | "button" | "playing";

export interface VideoEmbedViewProps {
  embedUrl: string;
  title: string;
  thumbnail?: ImageModel;
  mode: VideoEmbedMode;
  onPlay?: () => void;
  iframeRef?: Ref<HTMLIFrameElement>;
}

/** Stateless markup of each mode (rendered by VideoEmbed, tested directly). */
export function VideoEmbedView({
  embedUrl,
  title,
  thumbnail,
  mode,
  onPlay,
  iframeRef,
}: VideoEmbedViewProps) {
  if (mode === "playing") {
    return (
      <iframe
        ref={iframeRef}
        className="w-video__iframe"
        src={withAutoplay(embedUrl)}
        title={title}
        allow={VIDEO_IFRAME_ALLOW}
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  const label = playVideoLabel(title);
  return (
    <>
      {thumbnail ? (
        <Picture image={thumbnail} sizes={VIDEO_SIZES} className="w-video__thumb" />
      ) : null}
      {mode === "button" ? (
        <button
          type="button"
          className="w-video__play"
          aria-label={label}
          data-testid="video-play"
          onClick={onPlay}
        >
          <PlayIcon />
        </button>
      ) : (
        <a
          className="w-video__play"
          href={embedUrl}
          aria-label={label}
          data-testid="video-play-link"
        >
          <PlayIcon />
        </a>
      )}
    </>
  );
}

function VideoEmbed(props: { embedUrl: string; title: string; thumbnail?: ImageModel }) {
  const [enhanced, setEnhanced] = useState(false);
  const [playing, setPlaying] = useState(false);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => setEnhanced(true), []);
  // The button disappears with the click: keep keyboard focus on the player.
  useEffect(() => {
    if (playing) iframeRef.current?.focus();
  }, [playing]);
  const mode: VideoEmbedMode = playing ? "playing" : enhanced ? "button" : "link";
  return (
    <VideoEmbedView {...props} mode={mode} onPlay={() => setPlaying(true)} iframeRef={iframeRef} />
  );
}

export function VideoWidget({ video, embedUrl, thumbnail, title }: WidgetProps<"video">) {
  const name = title?.trim() || DEFAULT_VIDEO_TITLE;
  if (video) {
    return (
      <div className="w-video" data-widget="video" data-kind="file">
        <VideoFile video={video} title={name} poster={thumbnail} />
      </div>
    );
  }
  if (!embedUrl) return null;
  return (
    <div className="w-video" data-widget="video" data-kind="embed">
      <div className="w-video__frame">
        <VideoEmbed embedUrl={embedUrl} title={name} thumbnail={thumbnail} />
      </div>
    </div>
  );
}
