// UK postcode syntax (BS 7666 shapes, plus the special GIR 0AA), any case, spaces forgiven. The pattern is
// the one the OpenAPI document declares, so that what the document allows and what the service accepts
// are one rule.
export const UK_POSTCODE_CORE =
  '[Gg][Ii][Rr] *0[Aa][Aa]|[A-PR-UWYZa-pr-uwyz](?:[0-9]{1,2}|[A-HK-Ya-hk-y][0-9]{1,2}|[0-9][A-HJKPSTUWa-hjkpstuw]|[A-HK-Ya-hk-y][0-9][ABEHMNPRVWXYabehmnprvwxy]) *[0-9][ABD-HJLNP-UW-Zabd-hjlnp-uw-z]{2}';
export const UK_POSTCODE_PATTERN = `^ *(?:${UK_POSTCODE_CORE}) *$`;
const UK_POSTCODE = new RegExp(UK_POSTCODE_PATTERN);

export function isUkPostcode(input: string): boolean {
  return UK_POSTCODE.test(input);
}

/** "sw1a1aa" -> "SW1A 1AA"; null when the input is not a UK postcode. */
export function normalisePostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/ +/g, '');
  if (!isUkPostcode(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Outward code ("SW1A" of "SW1A 1AA"). */
export function postcodeDistrict(normalised: string): string {
  return normalised.split(' ')[0]!;
}
