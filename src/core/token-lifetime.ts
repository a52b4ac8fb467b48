// A signed token's lifetime, checked on top of its signature: a token made with the right key but
// valid for years (a leaked key, a bug in an issuer) is refused, as is one without exp or iat.

/** a clock difference between the issuer and this process that is still accepted, in seconds */
const CLOCK_SKEW_SECONDS = 60;

/** True when the claims hold numeric `iat` and `exp`, `exp - iat` is within `maxSeconds`, and `iat` is not in the future. */
export function lifetimeWithin(claims: { iat?: unknown; exp?: unknown }, maxSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return false;
  return exp > iat && exp - iat <= maxSeconds && iat <= nowSeconds + CLOCK_SKEW_SECONDS;
}
