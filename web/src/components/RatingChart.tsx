// An energy performance chart drawn from the rating numbers (no chart images are uploaded): the A-G
// bands with the current and the potential rating placed on theirs, and the same as text.
import { ratingBand } from '../format.ts';

const BANDS = [
  { band: 'A', range: '92+' },
  { band: 'B', range: '81-91' },
  { band: 'C', range: '69-80' },
  { band: 'D', range: '55-68' },
  { band: 'E', range: '39-54' },
  { band: 'F', range: '21-38' },
  { band: 'G', range: '1-20' },
] as const;

export function RatingChart({
  title,
  current,
  potential,
  kind,
}: {
  title: string;
  current: number;
  potential: number | null;
  kind: 'energy' | 'environment';
}) {
  const currentBand = ratingBand(current);
  const potentialBand = potential ? ratingBand(potential) : null;
  return (
    <figure class={`rating-chart rating-${kind}`}>
      <figcaption>
        {title}:{' '}
        <strong>
          {currentBand} ({current})
        </strong>
        {potential ? (
          <>
            , potential{' '}
            <strong>
              {potentialBand} ({potential})
            </strong>
          </>
        ) : null}
      </figcaption>
      <ul class="rating-bands" aria-hidden="true">
        {BANDS.map(({ band, range }, i) => (
          <li key={band} class={`band band-${band}`}>
            <span class="band-bar" style={{ width: `${40 + i * 9}%` }}>
              <span class="band-range">{range}</span> <span class="band-letter">{band}</span>
            </span>
            <span class="band-marks">
              {band === currentBand && <span class="mark mark-current">{current}</span>}
              {band === potentialBand && <span class="mark mark-potential">{potential}</span>}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
