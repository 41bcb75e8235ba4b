#!/usr/bin/env node
// The release CLI: `eyewear-release <command> [options]` (the package's bin), `node
// tools/release/cli.mjs ...` or `npm run release -- ...` (docs/release-guide.md). It needs no
// build: node and these files are enough, so a rollback in an incident starts at once. This
// file only reads argv and prints; the commands are in commands.mjs. Any error is one line on
// stderr and exit 2, so scripts and schedulers can tell it from success (0); `guard` exits
// with what it did (guard-run.mjs GUARD_EXIT).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { canary, deploy, gc, promote, rollback, status } from './commands.mjs';
import { ReleaseError, durationOption } from './errors.mjs';
import { formatCanary, formatDeploy, formatGc, formatLog, formatPromote, formatRollback, formatStatus } from './format.mjs';
import { sendAlerts, webhookUrl } from './alerts.mjs';
import { compatRunner } from './compat-gate.mjs';
import { GUARD_EXIT, formatGuardTick, guardTick, watchGuardTicks } from './guard-run.mjs';
import { formatRepair, repair } from './repair.mjs';
import { readHistory, setAuditContext } from './manifest-store.mjs';
import { formatPublish, formatVerify, publish, verifyTarget } from './publish.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HEALTH = ['minutes', 'margin', 'min-sessions', 'alpha', 'distrust', 'per-network', 'prometheus'];

/** Per command: its positional arguments, the options it accepts, how it runs and prints. */
const COMMANDS = {
  deploy: {
    args: ['app'],
    options: ['version', 'force', 'reason'],
    run: (o) => deploy({ root: o.root, workspace: o.workspace, app: o.app, version: o.version, force: o.force, reason: o.reason, compat: compatRunner() }),
    print: formatDeploy,
  },
  canary: {
    args: ['app', 'version'],
    options: ['percent', 'steps', 'interval', 'force', 'reason'],
    run: (o) =>
      canary({
        root: o.root,
        remote: o.app,
        version: o.version,
        percent: o.percent,
        steps: o.steps,
        interval: o.interval,
        force: o.force,
        reason: o.reason,
        compat: compatRunner(),
      }),
    print: formatCanary,
  },
  promote: {
    args: ['app'],
    options: ['force', 'reason', 'bake', 'webhook', ...HEALTH],
    run: async (o) => {
      const { minutes, alpha, minSessions, margin, distrust, perNetwork, prometheus } = healthOptions(o);
      const webhook = webhookOf(o);
      const done = await promote({
        root: o.root,
        remote: o.app,
        force: o.force,
        reason: o.reason,
        bake: o.bake,
        judge: { minutes, alpha, minSessions, margin, distrust, perNetwork, prometheus },
      });
      const why = `promoted by hand${done.forced ? ` (FORCED: ${o.reason})` : ''}${done.bake ? `; the guard watches it until ${done.bake.until}` : ''}`;
      await sendAlerts(webhook, [{ event: 'promote', app: o.app, version: done.stable, previous: done.previous, reason: why, root: o.root }]);
      return done;
    },
    print: (r) => [
      ...formatPromote(r),
      ...(r.bake ? [`  baking until ${r.bake.until}: the guard rolls it back to ${r.bake.previous} if it fails meanwhile`] : []),
    ],
  },
  rollback: {
    args: ['app'],
    options: ['reason', 'webhook'],
    run: async (o) => {
      const webhook = webhookOf(o);
      const done = await rollback({ root: o.root, remote: o.app, reason: o.reason });
      const why = `${done.channel === 'canary' ? 'canary removed' : 'stable rolled back'} by hand${o.reason ? `: ${o.reason}` : ''}`;
      if (!done.skipped) await sendAlerts(webhook, [{ event: 'rollback', app: o.app, version: done.from, previous: done.to, reason: why, root: o.root }]);
      return done;
    },
    print: (r) => [...(r.repaired ? formatRepair(r.repaired) : []), ...formatRollback(r)],
  },
  repair: { args: [], options: [], run: (o) => repair({ root: o.root }), print: formatRepair },
  status: { args: [], options: HEALTH, run: (o) => status(healthOptions(o)), print: formatStatus },
  guard: {
    args: [],
    options: [...HEALTH, 'watch', 'every', 'webhook', 'stale', 'bake'],
    run: (o) => {
      const options = { ...healthOptions(o), webhook: webhookOf(o), stale: o.stale ?? '10m', bake: o.bake };
      durationOption('stale', options.stale);
      if (o.bake !== undefined && o.bake !== '0') durationOption('bake', o.bake);
      return o.watch ? watchGuardTicks(options, { every: durationOption('every', o.every ?? '30s'), print: o.print }) : guardTick(options);
    },
    print: formatGuardTick,
  },
  log: {
    args: [],
    options: ['app', 'limit'],
    run: async (o) => {
      const limit = o.limit === undefined ? 50 : Number(o.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new ReleaseError(`--limit must be a whole number of at least 1 (got "${o.limit}")`);
      const entries = (await readHistory(o.root)).filter((entry) => !o.app || entry.app === o.app);
      return { root: o.root, entries: entries.slice(-limit), total: entries.length };
    },
    print: formatLog,
  },
  gc: {
    args: [],
    options: ['keep', 'grace', 'dry-run'],
    run: (o) => gc({ root: o.root, keep: o.keep, grace: o.grace, dryRun: o['dry-run'] }),
    print: formatGc,
  },
  publish: {
    args: [],
    options: ['target', 'verify-all'],
    run: (o) => publish({ root: o.root, target: o.target, verifyAll: o['verify-all'] }),
    print: formatPublish,
  },
  verify: { args: [], options: ['target'], run: (o) => verifyTarget({ target: o.target }), print: formatVerify },
};

const USAGE = `Usage: eyewear-release <command> [options]
   (or: node tools/release/cli.mjs ..., npm run release -- ...; no build needed)

  deploy <app> [--version V] [--force --reason "..."]
                                      copy dist/apps/<app> into its versioned folder (live only
                                      when the app has no stable version yet); a remote whose
                                      shared singletons the live shell cannot meet, or a build
                                      that fails the compatibility check (compat.mjs smoke
                                      journeys against the root's live builds), is refused
  canary <app> <version> --percent N [--force --reason "..."]
                                      start or change a canary (N: 0-100); <app>: a remote or shell;
                                      a new canary must pass the compatibility check first
  canary <app> <version> --steps 1,5,25,50,100 [--interval 10m]
                                      a staged rollout the guard advances while it passes
  promote <app> [--force --reason "..."] [--bake 15m]
                                      the canary becomes stable (needs a passing analysis;
                                      judged with the guard's options if given); the guard
                                      then watches it for the bake time (--bake 0: not at all)
  rollback <app> [--reason "..."]     remove the canary, or return to the previous stable; works
                                      with a broken remotes.json, shell.json or history.json
                                      (repairs them first)
  repair                              rebuild a broken remotes.json, shell.json or history.json
                                      (last good copy, history, deployed folders); says what changed
  status [--minutes N] [--alpha A] [--min-sessions M] [--margin P] [--distrust K] [--per-network N] [--prometheus URL]
                                      builds, page views, failures, vitals, verdicts (docs/release-analysis.md)
  guard [same options] [--watch [--every 30s]] [--stale 10m] [--bake 15m] [--webhook URL]
                                      roll back failing canaries, advance staged rollouts, watch
                                      promoted stables while they bake; exits with what it did:
                                        0  nothing to do, or everything judged is healthy
                                        10 advanced a staged rollout
                                        11 promoted a completed rollout
                                        12 rolled back (a canary, or a stable whose bake failed)
                                        13 held: a canary or bake runs, the signal is stale/missing
                                        2  error, nothing judged
  log [--app A] [--limit N]           the release history (audit log)
  gc [--keep K] [--grace 24h] [--dry-run]   delete version folders nothing needs (never one live
                                      within the grace period)
  publish --target <dir|s3://bucket/prefix> [--verify-all]
                                      write the versioned folders, then shell.json and remotes.json
                                      (last), to a directory or an S3-compatible bucket, with their
                                      cache headers; every written object is read back
  verify --target <dir|s3://bucket/prefix>   read back everything a target holds against its inventory

Options: --root <dir> (default .deploy)  --workspace <dir> (default the repo)
         --actor <name> (default RELEASE_ACTOR or the OS user)  --json  --help
         --webhook URL (promote, rollback, guard; default RELEASE_WEBHOOK_URL): alerts as JSON
         a chat tool accepts (Slack's { text, blocks } plus event, app, version, previous, reason, at)
Docs: docs/release-guide.md`;

function webhookOf(o) {
  try {
    return webhookUrl(o.webhook);
  } catch (error) {
    throw new ReleaseError(error.message);
  }
}

function healthOptions(o) {
  return {
    root: o.root,
    minutes: o.minutes,
    margin: o.margin,
    minSessions: o['min-sessions'],
    alpha: o.alpha,
    distrust: o.distrust,
    perNetwork: o['per-network'],
  };
}

/** `--percent -1` is a (wrong) value, not an option; parseArgs would call it ambiguous. */
function joinDashedValues(argv) {
  const valued = new Set(['--version', '--percent', '--minutes', '--margin', '--min-sessions', '--alpha', '--keep', '--limit']);
  return argv.flatMap((arg, index) => {
    if (index > 0 && valued.has(argv[index - 1]) && /^-\d/.test(arg)) return [];
    return valued.has(arg) && /^-\d/.test(argv[index + 1] ?? '') ? [`${arg}=${argv[index + 1]}`] : [arg];
  });
}

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: joinDashedValues(argv),
    allowPositionals: true,
    options: {
      root: { type: 'string', default: '.deploy' },
      workspace: { type: 'string', default: REPO_ROOT },
      actor: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'string' },
      percent: { type: 'string' },
      minutes: { type: 'string' },
      margin: { type: 'string' },
      'min-sessions': { type: 'string' },
      alpha: { type: 'string' },
      distrust: { type: 'string' },
      'per-network': { type: 'string' },
      prometheus: { type: 'string' },
      steps: { type: 'string' },
      interval: { type: 'string' },
      force: { type: 'boolean' },
      reason: { type: 'string' },
      watch: { type: 'boolean' },
      every: { type: 'string' },
      app: { type: 'string' },
      limit: { type: 'string' },
      keep: { type: 'string' },
      grace: { type: 'string' },
      'dry-run': { type: 'boolean' },
      target: { type: 'string' },
      'verify-all': { type: 'boolean' },
      webhook: { type: 'string' },
      stale: { type: 'string' },
      bake: { type: 'string' },
    },
  });
  const [name, ...args] = positionals;
  if (values.help || !name) return { help: true, json: values.json, missing: !values.help };
  const command = COMMANDS[name];
  if (!command) throw new ReleaseError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; see --help)`);
  // An option meant for another command is a typo or a misunderstanding; refuse it.
  const wrong = [
    'version',
    'percent',
    'steps',
    'interval',
    'force',
    'reason',
    'watch',
    'every',
    'app',
    'limit',
    'keep',
    'grace',
    'dry-run',
    'target',
    'verify-all',
    'webhook',
    'stale',
    'bake',
    ...HEALTH,
  ].filter((key) => values[key] !== undefined && !command.options.includes(key));
  if (wrong.length) throw new ReleaseError(`${name} does not take --${wrong.join(', --')}`);
  if (args.length !== command.args.length) {
    throw new ReleaseError(`usage: release ${name} ${command.args.map((a) => `<${a}>`).join(' ')}`.trimEnd());
  }
  const options = { ...values, root: resolve(values.root), workspace: resolve(values.workspace) };
  setAuditContext({ actor: values.actor, command: ['release', ...argv].join(' ').slice(0, 500) });
  command.args.forEach((arg, index) => (options[arg] = args[index]));
  return { command, options, json: values.json };
}

async function main(argv) {
  let json = argv.includes('--json');
  try {
    const parsed = parse(argv);
    json = parsed.json;
    if (parsed.help) {
      (parsed.missing ? console.error : console.log)(USAGE);
      return parsed.missing ? 2 : 0;
    }
    // `guard --watch` prints each tick as it happens.
    /** @type {any} */ (parsed.options).print = (result, error) =>
      error
        ? console.error(`release: ${String(error?.message ?? error)}`)
        : console.log(json ? JSON.stringify(result) : `${new Date().toISOString()}\n${parsed.command.print(result).join('\n')}\n`);
    const result = await parsed.command.run(parsed.options);
    if (result?.stopped) return 0;
    console.log(json ? JSON.stringify(result, null, 2) : parsed.command.print(result).join('\n'));
    return Number.isInteger(result?.exitCode) ? result.exitCode : 0;
  } catch (error) {
    // parseArgs and the commands explain themselves; anything else is shown as it is.
    const message = String(error?.message ?? error).replace(/\s*\n\s*/g, ' ');
    const known = error instanceof ReleaseError || String(error?.code).startsWith('ERR_PARSE_ARGS');
    console.error(json ? JSON.stringify({ error: message }) : `release: ${known ? '' : 'unexpected error: '}${message}`);
    if (!known && process.env.RELEASE_DEBUG) console.error(error);
    return GUARD_EXIT.error;
  }
}

process.exitCode = await main(process.argv.slice(2));
