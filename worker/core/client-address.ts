/** Who is calling, as far as the network can tell: the key of every per-address limit (logins, sockets). */

/**
 * The client's address for throttling. Cloudflare's edge sets CF-Connecting-IP on every request and
 * overwrites any copy a client sends. The development server has no edge in front, so a client could name
 * any address there: it is not believed. Null (development, or a local run of the production build, where no
 * edge sets the header) turns the per-address limits off: the developer is the only client, and the
 * per-account limits still hold. Tests, like the edge, send the header. IPv6 addresses count by their /64,
 * the block one subscriber usually holds, so rotating through it gives no fresh bucket per address.
 */
export function clientAddress(request: Request, env: Pick<Env, 'ENVIRONMENT'>): string | null {
  const reported = env.ENVIRONMENT === 'development' ? null : request.headers.get('CF-Connecting-IP');
  if (!reported) return null;
  return reported.includes(':') ? ipv6Prefix64(reported) : reported;
}

/** The first four groups of an IPv6 address, with `::` expanded: '2001:db8::1' → '2001:db8:0:0::/64'. */
export function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
