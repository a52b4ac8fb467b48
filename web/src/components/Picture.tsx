// A picture that may not load (a provider's image moved or gone): on failure a neutral placeholder of
// the same size takes its place, never the browser's broken-image icon or a collapsed line of alt text.
import { useState } from 'preact/hooks';

export function Picture({
  src,
  alt,
  class: className,
  width,
  height,
  loading,
}: {
  src: string;
  alt: string;
  class?: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
}) {
  // the address that failed: a new address is tried afresh
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    const classes = `${className ?? ''} picture-missing`.trim();
    // a decorative picture (alt "") leaves a decorative placeholder; a meaningful one says it is missing
    return alt ? (
      <div class={classes} role="img" aria-label={`${alt} (photo not available)`} style={{ aspectRatio: `${width} / ${height}` }}>
        <span aria-hidden="true">Photo not available</span>
      </div>
    ) : (
      <div class={classes} aria-hidden="true" style={{ aspectRatio: `${width} / ${height}` }} />
    );
  }
  return (
    <img
      class={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      onError={() => setFailedSrc(src)}
      // a picture that failed before its handler was there (from the cache) is found on mounting
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src') === src) queueMicrotask(() => setFailedSrc(src));
      }}
    />
  );
}
