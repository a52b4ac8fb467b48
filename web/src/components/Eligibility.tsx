// Whether the signed-in customer meets a home's rules, as the API decides it (`eligibility`: register
// interest's own decision for the profile's values): on cards and on the listing page. Nothing when the
// API knows no values (nobody signed in, or a profile without any).
type EligibilityFigures = { status: 'passed' | 'considered' | 'failed' | 'unknown'; reasons: string[] };

const HEADLINE: Record<EligibilityFigures['status'], string> = {
  passed: "You meet this home's rules",
  considered: 'You can apply: others have priority',
  failed: "You do not meet this home's rules",
  unknown: 'We need more about you to check the rules',
};

/**
 * "You meet this home's rules", or the decision's reasons (why not, why only considered, what is missing).
 * Reasons the page gives elsewhere (`given`, e.g. the decision of register interest, at `givenAt`) are
 * not given twice: the line links to them instead.
 */
export function EligibilityLine({
  eligibility,
  given = [],
  givenAt,
}: {
  eligibility: EligibilityFigures | null | undefined;
  given?: readonly string[];
  givenAt?: string;
}) {
  if (!eligibility) return null;
  const { status } = eligibility;
  const reasons = eligibility.reasons.filter((r) => !given.includes(r));
  const elsewhere = reasons.length < eligibility.reasons.length && givenAt;
  return (
    <div class={`eligibility is-${status}`}>
      {status === 'passed' || reasons.length !== 1 || elsewhere ? <p class="eligibility-status">{HEADLINE[status]}</p> : null}
      {elsewhere && (
        <p class="eligibility-reason">
          <a href={givenAt}>{reasons.length ? 'More reasons with your interest registered' : 'Why: see your interest registered'}</a>
        </p>
      )}
      {reasons.length === 1 && <p class="eligibility-reason">{reasons[0]}</p>}
      {reasons.length > 1 && (
        <ul class="eligibility-reasons">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
