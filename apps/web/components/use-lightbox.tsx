import { lazy, Suspense, useRef, useState } from "react";
import type { LightboxImage } from "./lightbox.tsx";

// The dialog code loads on the first click only, not with the page.
const Lightbox = lazy(() => import("./lightbox.tsx"));

/** Open state of a lazily loaded lightbox; focus returns to the element that opened it. */
export function useLightbox() {
  const [image, setImage] = useState<LightboxImage | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: LightboxImage, from: HTMLElement) => {
    opener.current = from;
    setImage(next);
  };
  const close = () => {
    setImage(null);
    const from = opener.current;
    requestAnimationFrame(() => from?.focus());
  };
  const element = image ? (
    <Suspense fallback={null}>
      <Lightbox image={image} onClose={close} />
    </Suspense>
  ) : null;
  return { open, element };
}
