// Human-readable output of each command's result. Kept apart from the commands so tests
// and `--json` get the same data the text is made from.

const pct = (rate) => `${(rate * 100).toFixed(1)}%`;
const hint = (args) => `npm run release -- ${args}`;

/** Columns padded to their widest cell; `right` lists the columns aligned right (numbers). */
export function table(rows, right = []) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (right.includes(column) ? String(cell ?? '').padStart(widths[column]) : String(cell ?? '').padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}

export function formatDeploy(result) {
  const { app, version, folder } = result;
  const lines = [result.copied ? `Deployed ${app} ${version}` : `${app} ${version} was already deployed from this very build; nothing copied`, `  folder: ${folder}`];
  if (result.mode && result.mode !== 'production') lines.push(`  warning: this is a ${result.mode} build`);
  if (result.manifest === 'shell') {
    lines.push(`  shell.json now points at ${version}${result.previousShell && result.previousShell !== version ? ` (was ${result.previousShell})` : ''}; the shell is live`);
  } else if (result.manifest === 'written') {
    lines.push(`  remotes.json written: every remote has a stable version now (${app}: ${result.stable})`);
  } else if (result.manifest === 'pending') {
    lines.push(`  first deploy of ${app}: ${version} will be its stable version`);
    lines.push(`  remotes.json is written once every remote is deployed (still missing: ${result.pending.join(', ')})`);
  } else if (result.stable === version || result.pending.length) {
    lines.push(`  remotes.json unchanged (stable: ${result.stable})`);
  } else {
    lines.push(`  remotes.json unchanged (stable: ${result.stable}); a deploy is not a release`);
    lines.push(`  next: ${hint(`canary ${app} ${version} --percent 5`)}`);
  }
  return lines;
}

export function formatCanary({ remote, stable, canary, previous }) {
  const lines = [`${remote}: canary ${canary.version} at ${canary.percent}% (stable ${stable} keeps ${100 - canary.percent}%)`];
  if (previous) lines.push(previous.version === canary.version ? `  was at ${previous.percent}%` : `  replaces canary ${previous.version} (was at ${previous.percent}%)`);
  return lines;
}

export function formatPromote({ remote, stable, previous, percent }) {
  return [`${remote}: ${stable} promoted to stable for everyone (was canary at ${percent}%; previous stable ${previous})`];
}

export function formatRollback({ remote, channel, from, to }) {
  return channel === 'canary'
    ? [`${remote}: canary ${from} removed; everyone gets stable ${to}`]
    : [`${remote}: stable rolled back from ${from} to ${to}`];
}

function statsCells(stats) {
  if (!stats) return ['-', '-', '-', '-', '-', '-'];
  return [stats.attempts, stats.loaded, stats.load, stats.timeout, stats.render, pct(stats.rate)];
}

function verdictNote(remote, margin, minLoads) {
  switch (remote.verdict) {
    case 'unhealthy':
      return `UNHEALTHY: +${remote.excess.toFixed(1)} pts over stable (margin ${margin})`;
    case 'healthy':
      return `ok (${remote.excess >= 0 ? '+' : ''}${remote.excess.toFixed(1)} pts, margin ${margin})`;
    case 'too-few-loads':
      return `too few loads to judge (${remote.canary.stats.attempts} < ${minLoads})`;
    default:
      return '';
  }
}

export function formatStatus(report) {
  const lines = [`Deploy root: ${report.root}`];
  const pageErrors = report.shell.pageErrors === null ? '' : `  (page errors: ${report.shell.pageErrors})`;
  lines.push(`Shell: ${report.shell.version ?? 'not deployed'}${pageErrors}`);
  lines.push(
    report.telemetry.ok
      ? `Telemetry: last ${report.minutes} min from ${report.api} (since ${report.telemetry.since})`
      : `Telemetry: could not reach the API at ${report.api} (${report.telemetry.reason}); showing the manifest only`,
  );
  lines.push('');
  const rows = [['REMOTE', 'CHANNEL', 'VERSION', 'SHARE', 'ATTEMPTS', 'LOADED', 'LOAD', 'TIMEOUT', 'RENDER', 'FAIL RATE', '']];
  for (const remote of report.remotes) {
    rows.push([remote.remote, 'stable', remote.stable.version, `${remote.stable.share}%`, ...statsCells(remote.stable.stats), '']);
    if (remote.canary) {
      rows.push(['', 'canary', remote.canary.version, `${remote.canary.percent}%`, ...statsCells(remote.canary.stats), verdictNote(remote, report.margin, report.minLoads)]);
    }
    for (const other of remote.others) rows.push(['', 'other', other.version ?? '(none)', '-', ...statsCells(other.stats), '']);
  }
  lines.push(...table(rows, [3, 4, 5, 6, 7, 8, 9]));
  if (report.telemetry.ok) {
    lines.push('');
    lines.push(
      report.flagged.length
        ? `Flagged: ${report.flagged.join(', ')} (roll back with: ${hint(`rollback <remote>`)}, or let the guard do it)`
        : `No canary fails more than ${report.margin} pts above its stable (a canary is judged from ${report.minLoads} attempts).`,
    );
  }
  return lines;
}

export function formatGuard(report) {
  const lines = formatStatus(report).filter((line) => !line.startsWith('Flagged:') && !line.startsWith('No canary'));
  for (const done of report.rolledBack) lines.push(`Rolled back ${done.remote} canary ${done.version}; everyone gets stable ${done.stable}`, `  ${done.reason}`);
  for (const left of report.skipped) lines.push(`Left ${left.remote} alone: its canary changed while the guard was judging ${left.version}`);
  if (!report.rolledBack.length && !report.skipped.length) lines.push('Guard: no canary needed a rollback.');
  return lines;
}

export function formatGc({ removed, kept, keep, dryRun }) {
  const verb = dryRun ? 'would remove' : 'removed';
  const lines = removed.map(({ app, version, folder }) => `${verb} ${app} ${version}  (${folder})`);
  const counts = new Map();
  for (const { reason } of kept) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const why = [...counts].map(([reason, n]) => `${n} ${reason === 'recent' ? `among the ${keep} most recent` : reason}`).join(', ');
  lines.push(`${dryRun ? 'Would remove' : 'Removed'} ${removed.length} folder${removed.length === 1 ? '' : 's'}; kept ${kept.length}${why ? ` (${why})` : ''}.`);
  return lines;
}
