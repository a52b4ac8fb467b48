// What a home costs a month, how far it is from the customer's work and home, and whether their household
// can afford it, as the API works them out (monthlyCostFrom, distanceFromWork/distanceFromHome,
// affordability): on cards and on the listing page.
import { affordableText, distancesText, monthlyCostText, type AffordabilityFigures } from '../format.ts';

export function MonthlyCost({ amount }: { amount: number | null | undefined }) {
  const text = monthlyCostText(amount);
  return text ? <p class="monthly-cost">{text}</p> : null;
}

export function Distances({ fromWork, fromHome }: { fromWork: number | null | undefined; fromHome: number | null | undefined }) {
  const text = distancesText(fromWork, fromHome);
  return text ? <p class="distances">{text}</p> : null;
}

/**
 * "You can afford this" with what it would cost, or "Not affordable for you" with each reason (the API's
 * sentences, with their figures); nothing when no income is known or the price is to be announced.
 */
export function AffordabilityBadge({ affordability, isSharedOwnership }: { affordability: AffordabilityFigures | null | undefined; isSharedOwnership: boolean }) {
  if (!affordability || affordability.status === 'unknown') return null;
  const affordable = affordability.status === 'affordable';
  const detail = affordable ? affordableText(affordability, isSharedOwnership) : null;
  return (
    <div class={`affordability is-${affordability.status}`}>
      <p class={`badge badge-${affordability.status}`}>{affordable ? 'You can afford this' : 'Not affordable for you'}</p>
      {detail && <p class="affordability-detail">{detail}</p>}
      {!affordable && affordability.reasons.length > 0 && (
        <ul class="affordability-reasons" aria-label="Why not">
          {affordability.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
