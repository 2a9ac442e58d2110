import VideoPlayerIsland from "../../../components/video-player.island.tsx";
import type { VideoItem } from "../../../content/schema.ts";

type VideoGalleryProps = { items: VideoItem[]; headingLevel?: 2 | 3 | 4 };

/** A grid of videos with their title, date or person, and university when known. */
export function VideoGallery({ items, headingLevel = 3 }: VideoGalleryProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-100">
          <VideoPlayerIsland src={item.video} poster={item.poster} title={item.title} className="rounded-none" />
          <div className="p-4">
            <Heading className="font-bold text-ink">{item.title}</Heading>
            <p className="mt-1 text-sm text-gray-600">{item.date}</p>
            {item.desc && <p className="mt-1 text-sm font-semibold text-brand-700">{item.desc}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
