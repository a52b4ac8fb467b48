// UK postcode syntax (BS 7666 shapes, plus the special GIR 0AA), case and spacing forgiven.
const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

export function isUkPostcode(input: string): boolean {
  return UK_POSTCODE.test(input.trim().toUpperCase().replace(/\s+/g, ' '));
}

/** "sw1a1aa" -> "SW1A 1AA"; null when the input is not a UK postcode. */
export function normalisePostcode(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, '');
  if (!isUkPostcode(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Outward code ("SW1A" of "SW1A 1AA"). */
export function postcodeDistrict(normalised: string): string {
  return normalised.split(' ')[0]!;
}
