// What a home costs a month, how far it is from the customer's work and home, and whether their household
// can afford it, as the API works them out (monthlyCostFrom, distanceFromWork/distanceFromHome,
// affordability): on cards and on the listing page.
import { affordableText, assumptionsText, breakdownLines, distancesText, money, monthlyCostText, verdictHomeText, type AffordabilityFigures } from '../format.ts';

/** `lead`: the figure the list is ordered by, in bold */
export function MonthlyCost({ amount, lead = false }: { amount: number | null | undefined; lead?: boolean }) {
  const text = monthlyCostText(amount);
  return text ? <p class={lead ? 'monthly-cost is-lead' : 'monthly-cost'}>{text}</p> : null;
}

/** whether a card's lowest monthly cost among its homes is another home's, below its own figure */
export const costFromBelow = (from: number | null | undefined, own: number | null | undefined) => from != null && (own == null || from < own);

/** The listing's lowest monthly cost among its homes (monthlyCostFrom), when another home's than the card's own figure. */
export function MonthlyCostFrom({ from, own, lead = false }: { from: number | null | undefined; own: number | null | undefined; lead?: boolean }) {
  if (!costFromBelow(from, own)) return null;
  return (
    <p class="monthly-cost-from">
      Homes here from {lead ? <strong class="is-lead">{monthlyCostText(from)}</strong> : monthlyCostText(from)}
    </p>
  );
}

export function Distances({ fromWork, fromHome }: { fromWork: number | null | undefined; fromHome: number | null | undefined }) {
  const text = distancesText(fromWork, fromHome);
  return text ? <p class="distances">{text}</p> : null;
}

/**
 * "You can afford this" with what it would cost, or "Not affordable for you" with each reason (the API's
 * sentences, with their figures); nothing when no income is known or the price is to be announced. The
 * verdict names the home it is about and its price (`named`: on a card, where the listing has several and
 * the verdict may be about another than the headline), and beside it
 * "how we worked this out": the parts of the monthly cost, adding up to the figure shown, and the
 * lending assumptions.
 */
export function AffordabilityBadge({
  affordability,
  named = true,
}: {
  affordability: AffordabilityFigures | null | undefined;
  named?: boolean;
}) {
  if (!affordability || affordability.status === 'unknown') return null;
  const affordable = affordability.status === 'affordable';
  const detail = affordable ? affordableText(affordability, named) : null;
  // an affordable verdict names its home and price in its detail; one that is not, on a line of its own
  const home = named && !affordable ? verdictHomeText(affordability) : null;
  return (
    <div class={`affordability is-${affordability.status}`}>
      <p class={`badge badge-${affordability.status}`}>{affordable ? 'You can afford this' : 'Not affordable for you'}</p>
      {home && <p class="affordability-home">{home}</p>}
      {detail && <p class="affordability-detail">{detail}</p>}
      {!affordable && affordability.reasons.length > 0 && (
        <ul class="affordability-reasons" aria-label="Why not">
          {affordability.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <HowWorkedOut affordability={affordability} />
    </div>
  );
}

/** The breakdown of the monthly cost and the assumptions behind the verdict. */
function HowWorkedOut({ affordability }: { affordability: AffordabilityFigures }) {
  const lines = breakdownLines(affordability);
  const assumptions = assumptionsText(affordability.assumptions);
  const total = affordability.breakdown?.total;
  if (!lines.length && !assumptions) return null;
  return (
    <details class="worked-out">
      <summary>How we worked this out</summary>
      {lines.length > 0 && total != null && (
        <table class="breakdown">
          <tbody>
            {lines.map((l) => (
              <tr key={l.label}>
                <th scope="row">{l.label}</th>
                <td class="amount">{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">A month</th>
              <td class="amount total">{money(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {affordability.depositNeeded != null && <p class="deposit-needed">This share needs a deposit of {money(affordability.depositNeeded)}.</p>}
      {assumptions && <p class="assumptions">{assumptions}</p>}
    </details>
  );
}
