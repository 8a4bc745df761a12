import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { ERRORS } from '@food-link/contracts';
import ipaddr from 'ipaddr.js';

/*
 * A push endpoint is a URL the server POSTs to on a browser's say-so, so it could aim the server at its
 * own network (SSRF). Only global unicast addresses are allowed, classified by ipaddr.js (RFC 6890's
 * special-purpose registries: private, loopback, link-local, CGNAT, unique-local, reserved, ...). The
 * check runs when a subscription is saved and again on every send, on the very addresses the socket
 * connects to (a host that resolved to a public address at subscribe time may not any more).
 */

/** Why an endpoint was refused; each is a 400 naming `endpoint` at subscribe time. */
export class EndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointRefused';
  }
}

export interface EndpointRules {
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: http:// and loopback addresses too (tests' own push service). */
  allowLocal: boolean;
}

/** IPv6 blocks whose addresses carry an IPv4 address that a packet to them ends up reaching (RFC 6052, 3056, 4380, 4291). */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const TEREDO = ipaddr.parseCIDR('2001::/32');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

const ipv4Of = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;

/**
 * The IPv4 address inside an IPv6 address of a form that embeds one, if any: IPv4-mapped `::ffff:a.b.c.d`
 * and IPv4-compatible `::a.b.c.d` (which stacks may route to the IPv4 address itself), NAT64
 * `64:ff9b::a.b.c.d` (a translator on the path forwards to it), 6to4 `2002:AABB:CCDD::` and Teredo (the
 * client address, inverted, in the last 32 bits).
 */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  if (ip.match(IPV4_COMPATIBLE) || ip.match(NAT64)) {
    // `::` and `::1` are IPv6's own unspecified and loopback addresses, judged as such.
    if (ip.match(IPV4_COMPATIBLE) && p[6] === 0 && p[7] <= 1) return undefined;
    return ipv4Of(p[6], p[7]);
  }
  if (ip.match(SIX_TO_FOUR)) return ipv4Of(p[1], p[2]);
  if (ip.match(TEREDO)) return ipv4Of(~p[6] & 0xffff, ~p[7] & 0xffff);
  return undefined;
}

/**
 * Whether the server may connect to this address: global unicast, or loopback when local endpoints are
 * allowed. Addresses are normalised first: any IPv4 form ipaddr.js reads (`127.1`, `0x7f000001`, octal)
 * is the address it stands for, and an IPv6 address that embeds an IPv4 one must have an allowed IPv4
 * address inside (`::7f00:1` is 127.0.0.1); the mapped and compatible forms are judged by it alone, the
 * translated ones (NAT64, 6to4, Teredo) by their IPv6 range too, which is never global unicast.
 */
export function addressAllowed(address: string, rules: EndpointRules): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  const allowed = (range: string) => range === 'unicast' || (rules.allowLocal && range === 'loopback');
  if (ip.kind() === 'ipv4') return allowed(ip.range());
  const v6 = ip as ipaddr.IPv6;
  // The local-use NAT64 prefix puts its IPv4 address where the operator chooses: never allowed.
  if (v6.match(NAT64_LOCAL)) return false;
  const inner = embeddedIPv4(v6);
  if (inner) {
    if (!allowed(inner.range())) return false;
    if (v6.isIPv4MappedAddress() || v6.match(IPV4_COMPATIBLE)) return true;
  }
  return allowed(v6.range());
}

/** The URL's host without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The endpoint as a URL, after its scheme is checked (https, or http too when local endpoints are allowed). */
export function endpointUrl(endpoint: string, rules: EndpointRules): URL {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !(rules.allowLocal && url.protocol === 'http:')) throw new EndpointRefused(ERRORS.pushEndpointNotHttps);
  return url;
}

/**
 * Subscribe-time check: the scheme, then the host, literal or resolved; every address it resolves to must
 * be allowed (a name with one private answer among public ones is refused).
 */
export async function checkEndpoint(endpoint: string, rules: EndpointRules): Promise<void> {
  const host = bareHost(endpointUrl(endpoint, rules));
  if (isIP(host)) {
    if (!addressAllowed(host, rules)) throw new EndpointRefused(ERRORS.pushEndpointNotPublic);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(new EndpointRefused(ERRORS.pushEndpointUnresolvable)) : resolve(found))),
  );
  if (addresses.length === 0) throw new EndpointRefused(ERRORS.pushEndpointUnresolvable);
  if (!addresses.every(({ address }) => addressAllowed(address, rules))) throw new EndpointRefused(ERRORS.pushEndpointNotPublic);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets (net.connect's option, through an http(s) Agent) that resolves as usual and
 * fails the connection when any answer is not allowed: the socket then connects only to addresses this
 * function has checked, so a name re-pointed between the check and the connection (DNS rebinding)
 * cannot reach an internal address. Literal IP hosts never reach a lookup: check them with `addressAllowed`.
 */
export function guardedLookup(rules: EndpointRules) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || !addresses.every(({ address }) => addressAllowed(address, rules))) {
        return callback(Object.assign(new EndpointRefused(ERRORS.pushEndpointNotPublic), { code: 'EPUSHREFUSED' }), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** True when `url`'s host is an IP literal (which sockets connect to without a lookup). */
export function literalHost(url: URL): string | null {
  const host = bareHost(url);
  return isIP(host) ? host : null;
}
