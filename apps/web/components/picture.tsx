type PictureProps = {
  /** A .webp path (an .avif twin is offered first) or any other image URL. */
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly; everything else lazily. */
  eager?: boolean;
  sizes?: string;
};

/** An image in a modern format with explicit dimensions, lazy unless eager. */
export function Picture({ src, alt, width, height, className, eager = false, sizes }: PictureProps) {
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      sizes={sizes}
    />
  );
  if (!src.endsWith(".webp") || !src.startsWith("/")) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={src.replace(/\.webp$/, ".avif")} />
      {img}
    </picture>
  );
}
