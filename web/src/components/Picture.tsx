// A picture that may not load (a provider's image moved or gone): on failure a neutral placeholder of
// the same size takes its place, never the browser's broken-image icon or a collapsed line of alt text.
import { useEffect, useState } from 'preact/hooks';

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
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (failed) {
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
  return <img class={className} src={src} alt={alt} width={width} height={height} loading={loading} onError={() => setFailed(true)} />;
}
