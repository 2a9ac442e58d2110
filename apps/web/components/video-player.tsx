import { Maximize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { type MouseEvent, useEffect, useRef, useState } from "react";

type VideoPlayerProps = { src: string; poster: string; title: string; className?: string };

/** How often the progress bar follows the video (docs/spec/marketing-site.md section 4). */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * A video with its own controls: play/pause, mute, fullscreen and a progress bar that
 * seeks where it is clicked (arrow keys move 5 s). At the end it goes back to the start.
 */
export function VideoPlayer({ src, poster, title, className = "" }: VideoPlayerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const v = video.current;
      if (v?.duration) setProgress((v.currentTime / v.duration) * 100);
    }, PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) v.play().catch(() => setPlaying(false));
    else v.pause();
  };

  const toggleMute = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  const seekTo = (ratio: number) => {
    const v = video.current;
    if (!v?.duration) return;
    const clamped = Math.min(1, Math.max(0, ratio));
    v.currentTime = clamped * v.duration;
    setProgress(clamped * 100);
  };

  const seekByClick = (event: MouseEvent<HTMLDivElement>) => {
    const bar = event.currentTarget.getBoundingClientRect();
    seekTo((event.clientX - bar.left) / bar.width);
  };

  const seekByKey = (key: string) => {
    const v = video.current;
    if (!v?.duration) return;
    const step = key === "ArrowRight" ? 5 : key === "ArrowLeft" ? -5 : 0;
    if (step !== 0) seekTo((v.currentTime + step) / v.duration);
  };

  const buttonClass = "rounded-full p-2 text-white hover:bg-white/20";
  return (
    <div ref={frame} className={`relative overflow-hidden rounded-2xl bg-black ${className}`}>
      <video
        ref={video}
        src={src}
        poster={poster}
        muted={muted}
        playsInline
        preload="none"
        className="aspect-video w-full object-cover"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          setPlaying(false);
          setProgress(0);
        }}
        onClick={togglePlay}
        aria-label={title}
      />
      {!playing && (
        <button
          type="button"
          onClick={togglePlay}
          aria-label={`Lire la vidéo : ${title}`}
          className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:scale-105"
        >
          <Play aria-hidden="true" className="ml-1 size-8" fill="currentColor" />
        </button>
      )}
      <div className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-gradient-to-t from-black/85 to-transparent px-2 pt-6 pb-1.5">
        <button
          type="button"
          onClick={togglePlay}
          className={buttonClass}
          aria-label={playing ? "Mettre en pause" : "Lire"}
        >
          {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
        </button>
        <div
          role="slider"
          tabIndex={0}
          aria-label="Progression de la vidéo"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          aria-valuetext={`${Math.round(progress)} %`}
          onClick={seekByClick}
          onKeyDown={(event) => seekByKey(event.key)}
          data-testid="video-progress"
          className="relative mx-1 h-2 flex-1 cursor-pointer rounded-full bg-white/30"
        >
          <div className="absolute inset-y-0 left-0 rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
        </div>
        <button
          type="button"
          onClick={toggleMute}
          className={buttonClass}
          aria-label={muted ? "Activer le son" : "Couper le son"}
        >
          {muted ? (
            <VolumeX aria-hidden="true" className="size-5" />
          ) : (
            <Volume2 aria-hidden="true" className="size-5" />
          )}
        </button>
        <button type="button" onClick={toggleFullscreen} className={buttonClass} aria-label="Plein écran">
          <Maximize aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
