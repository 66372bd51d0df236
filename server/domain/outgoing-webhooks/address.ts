/**
 * SSRF guard of outgoing webhooks: only https, and never an address inside the server's own
 * networks (private, loopback, link-local, CGNAT, multicast, reserved), checked on the URL's
 * literal host and again on every address its name resolves to — at save time and on every
 * delivery, where the connection uses the very address that was checked (no DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface AddressPolicy {
  /** tests only: allow http:// and loopback addresses (a local receiver) */
  allowLoopback: boolean;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d), else the address itself. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why an address may not be posted to, or null when it may. */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  const { address: plain, family } = unmapped(address);
  if (loopback.check(plain, family)) return policy.allowLoopback ? null : 'it points at this server (loopback)';
  if (blocked.check(plain, family)) return 'it points at a private, link-local or reserved address';
  return null;
}

export class UnsafeUrlError extends Error {}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Checks the URL's scheme and literal host; throws UnsafeUrlError with the reason. */
export function checkUrlShape(raw: string, policy: AddressPolicy): URL {
  const url = new URL(raw);
  const host = hostOf(url);
  const localReceiver = policy.allowLoopback && url.protocol === 'http:' && isIP(host) !== 0 && loopback.check(unmapped(host).address, unmapped(host).family);
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
