// A property's material information as the portals lay it out: the facts UK trading standards expect
// every listing to state, in one list, "Ask the provider" where a fact is not given; and the EPC band
// drawn as a badge beside the energy chart.
import type { PropertyDetails } from '../api.ts';
import { money } from '../format.ts';

type Material = PropertyDetails['materialInformation'];
const ASK = 'Ask the provider';
const SQ_FT_PER_M2 = 10.7639;

function broadbandText(mbps: number): string {
  const kind = mbps >= 300 ? 'Ultrafast' : mbps >= 30 ? 'Superfast' : 'Standard';
  return `${kind}, up to ${mbps.toLocaleString('en-GB')} Mbps`;
}

export function MaterialInformation({ info, forSale }: { info: Material; forSale: boolean }) {
  const rows: [string, string][] = [
    ['Council tax band', info.councilTaxBand ? `Band ${info.councilTaxBand}` : ASK],
    ['EPC rating', info.epcBand ? `Band ${info.epcBand}` : ASK],
    // a renter does not buy the tenure: shown to buyers only (below)
    [
      'Tenure',
      info.tenure === 'leasehold'
        ? `Leasehold${info.leaseYears ? `, ${info.leaseYears} years` : ''}`
        : info.tenure === 'freehold'
          ? 'Freehold'
          : ASK,
    ],
    [
      'Floor area',
      info.floorArea !== null
        ? `${info.floorArea.toLocaleString('en-GB')} m² (${Math.round(info.floorArea * SQ_FT_PER_M2).toLocaleString('en-GB')} sq ft)`
        : ASK,
    ],
    ['Broadband', info.broadbandMbps !== null ? broadbandText(info.broadbandMbps) : ASK],
  ];
  if (!forSale) rows.splice(2, 1);
  if (forSale) {
    rows.splice(3, 0, [
      'Service charge',
      info.monthlyServiceCharge !== null ? `${money(info.monthlyServiceCharge)} a month` : info.tenure === 'freehold' ? 'None' : ASK,
    ]);
    if (info.tenure === 'leasehold')
      rows.splice(4, 0, ['Ground rent', info.annualGroundRent !== null ? `${money(info.annualGroundRent)} a year` : ASK]);
    if (info.pricePerSquareMetre !== null) rows.push(['Price per m²', money(info.pricePerSquareMetre)]);
  }
  return (
    <section class="material-information" aria-label="Material information">
      <h4>Material information</h4>
      <dl class="facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function EpcBadge({ band }: { band: string | null }) {
  if (!band) return null;
  return (
    <p class={`epc-badge band-${band}`}>
      <span class="band-bar">
        EPC <strong>{band}</strong>
      </span>
    </p>
  );
}
