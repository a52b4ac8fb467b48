// Where a webhook may point. In every environment only hosts that resolve to public addresses: never
// private, link-local, unique-local, carrier-grade NAT, multicast, documentation or other special-purpose
// ranges (ipaddr.js classifies them; only its plain `unicast` range is public). Loopback is allowed
// outside `live` only (development and tests post to local receivers), and `live` takes https only. The
// URL is checked when it is set, and the addresses again when each delivery connects (`guardedLookup`),
// so that a name re-pointed at an internal address after the check (DNS rebinding) gets nothing.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

const lookupAll = promisify(dnsLookup);

/**
 * Whether a webhook may connect to an IP address: a public unicast one, or loopback when `allowLoopback`
 * (an IPv4-mapped IPv6 address counts as its IPv4 address).
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** Whether an IP address is a public unicast one. */
export const isPublicAddress = (address: string): boolean => isAllowedAddress(address, false);

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class UnsafeAddressError extends Error {
  /** the name did not resolve at all (as opposed to resolving to an address that is not allowed) */
  constructor(
    message: string,
    readonly unresolved = false,
  ) {
    super(message);
  }
}

/**
 * What is wrong with a webhook URL before any name is resolved; null when nothing is. Outside `live`
 * http is taken too, and loopback addresses (development and tests post to local receivers).
 */
export function webhookUrlProblem(raw: string, live: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an absolute http(s) URL';
  if (url.username || url.password) return 'url must not carry credentials';
  if (live && url.protocol !== 'https:') return 'url must be an https URL';
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isAllowedAddress(host, !live))
    return live ? 'url must not point at a private, loopback or link-local address' : 'url must not point at a private, link-local or unique-local address';
  return null;
}

/**
 * The addresses a host name resolves to, all allowed (public, or loopback when `allowLoopback`);
 * UnsafeAddressError when any is not (a name with one internal address among public ones is refused:
 * the connection could pick it), or when none is found.
 */
export async function resolvePublic(hostname: string, allowLoopback = false): Promise<LookupAddress[]> {
  if (ipaddr.isValid(hostname)) {
    if (!isAllowedAddress(hostname, allowLoopback)) throw new UnsafeAddressError(`${hostname} is not a public address`);
    return [{ address: hostname, family: ipaddr.parse(hostname).kind() === 'ipv6' ? 6 : 4 }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(hostname, { all: true, verbatim: true });
  } catch {
    throw new UnsafeAddressError(`${hostname} does not resolve`, true);
  }
  if (addresses.length === 0) throw new UnsafeAddressError(`${hostname} does not resolve`, true);
  const internal = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
  if (internal) throw new UnsafeAddressError(`${hostname} resolves to ${internal.address}, which is not a public address`);
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connections that resolves as usual and refuses any address that is not allowed:
 * the check is made on the very addresses the socket connects to. Node calls it with `all: true` when it
 * tries several addresses (autoSelectFamily), otherwise for one.
 */
export const guardedLookup =
  (allowLoopback: boolean) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void =>
    lookupAllowed(hostname, options, callback, allowLoopback);

/** Public addresses only (the live environment). */
export const publicOnlyLookup = guardedLookup(false);

function lookupAllowed(hostname: string, options: LookupOptions, callback: LookupCallback, allowLoopback: boolean): void {
  resolvePublic(hostname, allowLoopback).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0)
        return callback(Object.assign(new Error(`${hostname} has no address of family ${options.family}`), { code: 'ENOTFOUND' }), '');
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    },
    (err: Error) => callback(Object.assign(err, { code: 'EADDRNOTAVAIL' }), ''),
  );
}
