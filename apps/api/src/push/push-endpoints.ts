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

/** Whether the server may connect to this address: global unicast, or loopback when local endpoints are allowed. */
export function addressAllowed(address: string, rules: EndpointRules): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  const range = ip.range();
  return range === 'unicast' || (rules.allowLocal && range === 'loopback');
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
