#!/usr/bin/env node
// The release CLI: `npm run release -- <command> [options]` (docs/release-guide.md). This file
// only reads argv and prints; the commands are in commands.mjs. Any error is one line on
// stderr and exit 2, so scripts and schedulers can tell it from success (0).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { canary, deploy, gc, guard, promote, rollback, status } from './commands.mjs';
import { ReleaseError } from './errors.mjs';
import { formatCanary, formatDeploy, formatGc, formatGuard, formatPromote, formatRollback, formatStatus } from './format.mjs';
import { DEFAULT_API } from './telemetry.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HEALTH = ['minutes', 'margin', 'min-loads'];

/** Per command: its positional arguments, the options it accepts, how it runs and prints. */
const COMMANDS = {
  deploy: {
    args: ['app'],
    options: ['version'],
    run: (o) => deploy({ root: o.root, workspace: o.workspace, app: o.app, version: o.version }),
    print: formatDeploy,
  },
  canary: {
    args: ['remote', 'version'],
    options: ['percent'],
    run: (o) => canary({ root: o.root, remote: o.remote, version: o.version, percent: o.percent }),
    print: formatCanary,
  },
  promote: { args: ['remote'], options: [], run: (o) => promote({ root: o.root, remote: o.remote }), print: formatPromote },
  rollback: { args: ['remote'], options: [], run: (o) => rollback({ root: o.root, remote: o.remote }), print: formatRollback },
  status: { args: [], options: HEALTH, run: (o) => status(healthOptions(o)), print: formatStatus },
  guard: { args: [], options: HEALTH, run: (o) => guard(healthOptions(o)), print: formatGuard },
  gc: { args: [], options: ['keep', 'dry-run'], run: (o) => gc({ root: o.root, keep: o.keep, dryRun: o['dry-run'] }), print: formatGc },
};

const USAGE = `Usage: npm run release -- <command> [options]

  deploy <app> [--version V]          copy dist/apps/<app> into its versioned folder
  canary <remote> <version> --percent N   start or change a canary (N: 0-100)
  promote <remote>                    the canary becomes stable
  rollback <remote>                   remove the canary, or return to the previous stable
  status [--minutes N] [--margin P] [--min-loads M]   versions and their failure rates
  guard  [--minutes N] [--margin P] [--min-loads M]   roll back every failing canary
  gc [--keep K] [--dry-run]           delete version folders nothing needs

Options: --root <dir> (default .deploy)  --workspace <dir> (default the repo)
         --api <url> (default ${DEFAULT_API})  --json  --help
Docs: docs/release-guide.md`;

function healthOptions(o) {
  return { root: o.root, api: o.api, minutes: o.minutes, margin: o.margin, minLoads: o['min-loads'] };
}

/** `--percent -1` is a (wrong) value, not an option; parseArgs would call it ambiguous. */
function joinDashedValues(argv) {
  const valued = new Set(['--version', '--percent', '--minutes', '--margin', '--min-loads', '--keep']);
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
      api: { type: 'string', default: DEFAULT_API },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'string' },
      percent: { type: 'string' },
      minutes: { type: 'string' },
      margin: { type: 'string' },
      'min-loads': { type: 'string' },
      keep: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const [name, ...args] = positionals;
  if (values.help || !name) return { help: true, json: values.json, missing: !values.help };
  const command = COMMANDS[name];
  if (!command) throw new ReleaseError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; see --help)`);
  // An option meant for another command is a typo or a misunderstanding; refuse it.
  const wrong = ['version', 'percent', 'keep', 'dry-run', ...HEALTH].filter((key) => values[key] !== undefined && !command.options.includes(key));
  if (wrong.length) throw new ReleaseError(`${name} does not take --${wrong.join(', --')}`);
  if (args.length !== command.args.length) {
    throw new ReleaseError(`usage: release ${name} ${command.args.map((a) => `<${a}>`).join(' ')}`.trimEnd());
  }
  const options = { ...values, root: resolve(values.root), workspace: resolve(values.workspace) };
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
    const result = await parsed.command.run(parsed.options);
    console.log(json ? JSON.stringify(result, null, 2) : parsed.command.print(result).join('\n'));
    return 0;
  } catch (error) {
    // parseArgs and the commands explain themselves; anything else is shown as it is.
    const message = String(error?.message ?? error).replace(/\s*\n\s*/g, ' ');
    const known = error instanceof ReleaseError || String(error?.code).startsWith('ERR_PARSE_ARGS');
    console.error(json ? JSON.stringify({ error: message }) : `release: ${known ? '' : 'unexpected error: '}${message}`);
    if (!known && process.env.RELEASE_DEBUG) console.error(error);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
