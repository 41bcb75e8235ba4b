import { type FastifyReply, type FastifyRequest } from 'fastify';

export function readCookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      cookies[name] = part.slice(index + 1).trim();
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  httpOnly: boolean;
}

/**
 * Secure everywhere but plain-http localhost (DESIGN.md "Security"). Scheme and host are
 * Fastify's `request.protocol` / `request.host`: they follow X-Forwarded-Proto/-Host only
 * when the request comes from a trusted proxy (the edge, app.ts `trustProxy`), so a client
 * cannot talk the API out of (or into) Secure cookies with a forged header.
 */
export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(request.host);
}

export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, options: CookieOptions) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${options.maxAgeSeconds}`, 'SameSite=Lax'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (isSecure(request)) parts.push('Secure');
  // Fastify appends each set-cookie header rather than replacing the last one.
  reply.header('set-cookie', parts.join('; '));
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  setCookie(request, reply, name, '', { maxAgeSeconds: 0, httpOnly: false });
}
