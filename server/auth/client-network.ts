import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for when sends are counted per address: an IPv4
 * address itself (also when written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address its /64,
 * since one subscriber is handed a whole /64 and could otherwise take a fresh address for
 * every request. Anything else (an empty or unparsable value) is kept as it came.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  // Only the first four groups matter, and a dotted IPv4 tail lies beyond them; it still
  // takes two groups' room when '::' is expanded.
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}
