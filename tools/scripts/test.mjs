#!/usr/bin/env node
// `npm test`: everything a change must pass, on a fresh clone or a warm one. Installs what
// is missing, then formatting, lint, typecheck, unit tests and production builds of every
// project (Nx, cached), the API suite on PostgreSQL, the failover check of a cluster on this
// machine and the crawl check through its Varnish, then the Playwright journeys in Debian's Chromium.
import { ensurePrometheus } from '../cluster/prometheus.mjs';
import { ensureChromium, ensureDependencies, nxEnv, runOrExit } from './ensure.mjs';

const started = Date.now();
ensureDependencies();
const chrome = ensureChromium();
const env = { ...nxEnv, CHROME_PATH: chrome, CI: process.env.CI ?? '' };
// Debian's Prometheus: the release analysis is tested against a real one on recorded series
// (tools/release/prometheus.test.ts), and `npm run cluster` scrapes with it (docs/adr/055).
const noPrometheus = ensurePrometheus();
if (noPrometheus) console.log(`• Prometheus not available (${noPrometheus}): its tests say they are skipped`);

console.log('• formatting (Prettier: .prettierrc.json; `npm run format` fixes it)');
runOrExit('npx', ['prettier', '--check', '--log-level=warn', '**/*.{ts,tsx,js,mjs,cjs,css}'], { env });

console.log('• lint, typecheck, unit tests and builds');
runOrExit('npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', 'build', '--parallel=2', '--outputStyle=static'], { env });

console.log('• size budgets of the production builds (bench/budgets.json)');
runOrExit(process.execPath, ['tools/bench/size.mjs'], { env });

console.log('• the API suite against a real PostgreSQL server');
runOrExit('npx', ['nx', 'run', 'api:test-postgres', '--outputStyle=static'], { env });

console.log(
  '• failover: a cluster (PostgreSQL, 2 API and 2 edge instances) loses an API, has one paused for 10 s, and loses an edge under load, with HAProxy and with a plain TCP balancer (the Kubernetes path) before the API',
);
console.log(
  "• crawl: through Varnish, every listing and 500 product pages twice as different anonymous shoppers (>= 95 % hits on the second pass), then a price change seen on its product page and listing (run on the failover check's first cluster: --crawl)",
);
runOrExit(process.execPath, ['tools/cluster/failover.mjs', '--seconds', '40', '--topology', 'both', '--crawl'], { env });

console.log(`• browser journeys (Playwright, ${chrome})`);
runOrExit('npx', ['nx', 'run', 'e2e:e2e', '--outputStyle=static'], { env });

console.log('• compatibility: this shell against each remote at its previous version');
runOrExit('npx', ['nx', 'run', 'e2e:compat', '--outputStyle=static'], { env });

console.log(`\n✓ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
