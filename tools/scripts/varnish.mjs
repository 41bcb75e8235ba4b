// Varnish (Debian's `varnish`, 7.1 on bookworm) with xkey (Debian's `varnish-modules`), the
// shared page cache `npm run cluster` puts in front of its balancer (issue 39, docs/adr/048):
// installed with apt-get when missing (as root), as tools/scripts/postgres.mjs installs
// PostgreSQL and PgBouncer. varnishd compiles its VCL with the C compiler the package depends on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './postgres.mjs';

const VMOD_DIRS = ['/usr/lib/x86_64-linux-gnu/varnish/vmods', '/usr/lib/aarch64-linux-gnu/varnish/vmods', '/usr/lib/varnish/vmods'];

/** varnishd (Debian installs it in /usr/sbin, which a user's PATH may lack), or null. */
export function varnishdBin() {
  const found = String(spawnSync('sh', ['-c', 'command -v varnishd'], { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).stdout ?? '').trim();
  if (found) return found;
  return existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : null;
}

/** Whether vmod_xkey (varnish-modules) is installed where varnishd looks for its modules. */
export function xkeyPresent() {
  return VMOD_DIRS.some((dir) => existsSync(`${dir}/libvmod_xkey.so`));
}

/** Why Varnish with xkey cannot be had here, or null when both are (now) installed. */
export function ensureVarnish() {
  return ensureDebianPackage('varnish', () => varnishdBin() !== null) ?? ensureDebianPackage('varnish-modules', xkeyPresent);
}
