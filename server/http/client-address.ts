/**
 * The address a request came from, as far as the server can know it. Without a proxy in front
 * (TRUST_PROXY=0) it is the socket's peer: X-Forwarded-For is written by the client and proves
 * nothing. Behind N proxies that each append the address they saw, the client is the entry the
 * outermost of them appended: the Nth from the right. Entries left of it are the client's own
 * words and are never believed.
 */
export function clientAddress({
  forwardedFor,
  socketAddress,
  trustedProxies,
}: {
  forwardedFor: string | undefined;
  socketAddress: string | undefined;
  trustedProxies: number;
}): string {
  const socket = socketAddress ?? '';
  if (trustedProxies === 0 || !forwardedFor) return socket;
  const entries = forwardedFor
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return socket;
  const entry = entries[Math.max(0, entries.length - trustedProxies)];
  return entry === undefined ? socket : withoutPort(entry);
}

/** Some load balancers write the client's port too: 203.0.113.7:51234, [2001:db8::1]:443. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1] as string;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4 ? (v4[1] as string) : entry;
}
