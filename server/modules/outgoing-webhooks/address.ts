/**
 * SSRF guard of outgoing webhooks: only https, and only global unicast addresses, as ipaddr.js
 * classifies them (its special-purpose ranges follow the IANA registries: private, loopback,
 * link-local, CGNAT, multicast, reserved, documentation, benchmarking…). An IPv6 address that
 * carries an IPv4 one (mapped, SIIT, IPv4-compatible, NAT64, 6to4) is judged by that IPv4
 * address. Checked on the URL's literal host and again on every address its name resolves to —
 * at save time and on every delivery, where the connection uses the very address that was
 * checked (no DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** tests only: allow http:// and loopback addresses (a local receiver) */
  allowLoopback: boolean;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The well-known NAT64 prefix (64:ff9b::/96); the local-use one (64:ff9b:1::/48) is a private network's. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js leaves as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 address an IPv6 one carries and a packet to it reaches (translated or tunnelled), or null. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || (range === 'rfc6052' && address.match(NAT64))) return ipv4Of(parts[6]!, parts[7]!);
  if (range === '6to4') return ipv4Of(parts[1]!, parts[2]!);
  if (range === 'unicast' && address.match(IPV4_COMPATIBLE)) return ipv4Of(parts[6]!, parts[7]!);
  return null;
}

/** Why a parsed address may not be posted to, or null when it may. */
function refusal(address: Address, policy: AddressPolicy, embedded = false): string | null {
  if (address.kind() === 'ipv6') {
    const inner = embeddedIpv4(address as ipaddr.IPv6);
    if (inner) return refusal(inner, policy, true);
  }
  const range = address.range();
  if (range === 'loopback') return policy.allowLoopback && !embedded ? null : 'it points at this server (loopback)';
  if (range !== 'unicast') return `it points at a ${range} address, not a public one`;
  return null;
}

/** Why an address may not be posted to, or null when it may. */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return 'it is not an IP address';
  return refusal(ipaddr.parse(address), policy);
}

export class UnsafeUrlError extends Error {}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Checks the URL's scheme and literal host; throws UnsafeUrlError with the reason. */
export function checkUrlShape(raw: string, policy: AddressPolicy): URL {
  const url = new URL(raw);
  const host = hostOf(url);
  const localReceiver = policy.allowLoopback && url.protocol === 'http:' && isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
  if (url.protocol !== 'https:' && !localReceiver) throw new UnsafeUrlError('Only https:// URLs are accepted.');
  if (url.username || url.password) throw new UnsafeUrlError('Leave credentials out of the URL: deliveries are signed instead.');
  if (/^localhost$|\.localhost$|\.local$|\.internal$/i.test(host) && !policy.allowLoopback) throw new UnsafeUrlError('The URL must point at a public address.');
  if (isIP(host)) {
    const why = refusedAddress(host, policy);
    if (why) throw new UnsafeUrlError(`The URL must point at a public address: ${why}.`);
  }
  return url;
}

/** Resolves the URL's host and checks every address; the first one (to connect to). */
export async function resolveSafeAddress(url: URL, policy: AddressPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await dnsLookup(host, { all: true });
  } catch {
    throw new UnsafeUrlError(`The host ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`The host ${host} could not be resolved.`);
  for (const { address } of addresses) {
    const why = refusedAddress(address, policy);
    if (why) throw new UnsafeUrlError(`The URL must point at a public address: ${host} resolves to ${address}, ${why}.`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
