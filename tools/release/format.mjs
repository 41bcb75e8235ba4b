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
  const lines = [
    result.copied ? `Deployed ${app} ${version}` : `${app} ${version} was already deployed from this very build; nothing copied`,
    `  folder: ${folder}`,
  ];
  if (result.mode && result.mode !== 'production') lines.push(`  warning: this is a ${result.mode} build`);
  const shared = result.shared;
  if (shared?.mismatches.length) {
    lines.push(`  FORCED past shared modules the live shell does not provide (the reason is in the log: ${hint(`log --app ${app}`)}):`);
    for (const mismatch of shared.mismatches) lines.push(`    ${mismatch.message}`);
  }
  for (const warning of shared?.warnings ?? []) lines.push(`  warning: ${warning}`);
  for (const { why } of shared?.unchecked ?? []) lines.push(`  shared modules not checked: ${why}`);
  if (result.manifest === 'shell') {
    lines.push(`  first deploy of the shell: shell.json now points at ${version}; the shell is live`);
  } else if (app === 'shell') {
    const canary = result.canary ? `, canary ${result.canary.version} at ${result.canary.percent}%` : '';
    if (result.stable === version) {
      lines.push(`  shell.json unchanged (stable: ${result.stable}${canary})`);
    } else {
      lines.push(`  shell.json unchanged (stable: ${result.stable}${canary}); a deploy is not a release`);
      lines.push(`  next: ${hint(`canary shell ${version} --percent 5`)}`);
    }
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
  if (canary.steps) {
    lines.push(
      `  staged rollout: ${canary.steps.join('% -> ')}%, each step held at least ${Math.round(canary.intervalMs / 1000)} s and passed by the analysis`,
    );
    lines.push(`  the guard advances it (cron, or: ${hint('guard --watch')}); it rolls back when the analysis fails`);
  }
  if (previous)
    lines.push(previous.version === canary.version ? `  was at ${previous.percent}%` : `  replaces canary ${previous.version} (was at ${previous.percent}%)`);
  return lines;
}

export function formatPromote({ remote, stable, previous, percent, forced, verdict }) {
  const lines = [`${remote}: ${stable} promoted to stable for everyone (was canary at ${percent}%; previous stable ${previous})`];
  if (forced) lines.push(`  FORCED: its analysis was "${verdict}"; the reason is in the log (${hint(`log --app ${remote}`)})`);
  return lines;
}

export function formatRollback({ remote, channel, from, to }) {
  return channel === 'canary' ? [`${remote}: canary ${from} removed; everyone gets stable ${to}`] : [`${remote}: stable rolled back from ${from} to ${to}`];
}

const ms = (value) => (value === null || value === undefined ? '-' : value === Infinity ? '>10s' : `${value}`);

function sideCells(side) {
  if (!side) return ['-', '-', '-', '-', '-', '-', '-', '-', '-', '-'];
  const c = side.counts;
  const edge = c.edge.s4xx || c.edge.s5xx ? `${c.edge.s4xx}/${c.edge.s5xx}` : '0';
  return [
    side.sessions,
    side.failed,
    c.load,
    c.timeout,
    c.render,
    pct(side.rate),
    ms(side.vitals.lcpP75),
    ms(side.vitals.inpP75),
    side.vitals.errorSessionsPer100 ?? '-',
    edge,
  ];
}

function verdictNote(remote) {
  const slow = remote.slow?.length ? `; SLOW: ${remote.slow.join(', ')}` : '';
  switch (remote.verdict) {
    case 'fail':
      return `FAIL${slow}`;
    case 'pass':
      return `pass${slow}`;
    case 'pending':
      return `pending${slow}`;
    default:
      return '';
  }
}

function rolloutNote(canary) {
  const r = canary?.rollout;
  return r ? ` (step ${r.step + 1}/${r.steps.length}: ${r.steps.join(',')}% every ${Math.round(r.intervalMs / 1000)} s)` : '';
}

export function formatStatus(report) {
  const lines = [`Deploy root: ${report.root}`];
  const shell = report.shell;
  lines.push(
    shell.version
      ? `Shell: ${shell.version}${shell.canary ? `, canary ${shell.canary.version} at ${shell.canary.percent}%` : ''} (its FAILED sessions are those with a JS error)`
      : 'Shell: not deployed',
  );
  const signal = report.signal;
  lines.push(
    signal.present
      ? `Signal: ${signal.files} window file${signal.files === 1 ? '' : 's'} from the edge${signal.unreadable?.length ? `, ${signal.unreadable.length} unreadable (skipped)` : ''}; canaries judged since they started, the rest over ${report.minutes} min`
      : `Signal: none yet in ${report.root}/.signal (no edge has served this root); showing the manifest only`,
  );
  lines.push('');
  const rows = [
    [
      'APP',
      'CHANNEL',
      'VERSION',
      'SHARE',
      'SESSIONS',
      'FAILED',
      'LOAD',
      'TIMEOUT',
      'RENDER',
      'FAIL RATE',
      'LCP p75',
      'INP p75',
      'ERR/100',
      'EDGE 4xx/5xx',
      'VERDICT',
    ],
  ];
  const apps = [...(shell.version ? [shell] : []), ...report.remotes];
  for (const remote of apps) {
    rows.push([remote.remote, 'stable', remote.stable.version, `${remote.stable.share}%`, ...sideCells(remote.stable), '']);
    if (remote.canary) rows.push(['', 'canary', remote.canary.version, `${remote.canary.percent}%`, ...sideCells(remote.canary), verdictNote(remote)]);
    for (const other of remote.others) rows.push(['', 'other', other.version, '-', ...sideCells(other), '']);
  }
  lines.push(...table(rows, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
  const canaries = apps.filter((r) => r.canary);
  if (canaries.length) lines.push('');
  for (const remote of canaries)
    lines.push(`${remote.remote} canary ${remote.canary.version}${rolloutNote(remote.canary)}: ${remote.verdict}: ${remote.reason}`);
  if (signal.present) {
    lines.push('');
    lines.push(
      report.flagged.length
        ? `Failing: ${report.flagged.join(', ')} (roll back with: ${hint('rollback <app>')}, or let the guard do it)`
        : `No canary fails significantly more than its stable (alpha ${report.alpha}, at least ${report.minSessions} sessions a side).`,
    );
  }
  return lines;
}

export function formatGuard(report) {
  const lines = formatStatus(report).filter((line) => !line.startsWith('Failing:') && !line.startsWith('No canary'));
  for (const done of report.rolledBack)
    lines.push(`Rolled back ${done.remote} canary ${done.version}; everyone gets stable ${done.stable}`, `  ${done.reason}`);
  for (const done of report.advanced) lines.push(`Advanced ${done.remote} canary ${done.version} from ${done.from}% to ${done.to}%`);
  for (const done of report.promoted) lines.push(`Promoted ${done.remote} ${done.version} to stable (was ${done.previous}): its rollout completed`);
  for (const hold of report.held) lines.push(`Holding ${hold.remote} canary ${hold.version} at ${hold.percent}%: ${hold.why}`);
  for (const left of report.skipped) lines.push(`Left ${left.remote} alone: its canary changed while the guard was judging ${left.version}`);
  if (!report.rolledBack.length && !report.advanced.length && !report.promoted.length && !report.held.length && !report.skipped.length)
    lines.push('Guard: no canary to act on.');
  return lines;
}

export function formatLog({ entries, total }) {
  if (!entries.length) return ['The history is empty.'];
  const rows = [['WHEN', 'WHO', 'ACTION', 'APP', 'VERSION', 'DETAIL']];
  for (const entry of entries) {
    const detail = [
      entry.percent !== undefined ? `${entry.percent}%` : '',
      entry.channel ? `${entry.channel}` : '',
      entry.from && entry.to ? `${entry.from} -> ${entry.to}` : '',
      entry.by && entry.by !== 'cli' ? `by ${entry.by}` : '',
      entry.forced ? 'FORCED' : '',
      entry.commit?.sha ? `commit ${entry.commit.sha.slice(0, 10)}${entry.commit.dirty ? '+dirty' : ''}` : '',
      entry.verdict?.verdict ? `verdict ${entry.verdict.verdict}` : '',
      entry.action === 'publish' && entry.target
        ? `to ${entry.target}: ${entry.folders?.length ?? 0} folder(s), ${entry.channelFiles?.join(' and ') || 'no channel file'}`
        : '',
      entry.action === 'gc' && entry.why ? `deleted: ${entry.why}` : '',
      entry.action === 'repair' && Array.isArray(entry.files) ? `repaired ${entry.files.join(', ')}` : '',
      entry.action === 'bake' && entry.result ? `bake ${entry.result}` : '',
      entry.reason ?? '',
    ].filter(Boolean);
    rows.push([entry.at, entry.actor ?? '-', entry.action, entry.app ?? '-', entry.version ?? '-', detail.join('; ')]);
  }
  const lines = table(rows);
  if (total > entries.length) lines.unshift(`(the last ${entries.length} of ${total} entries; --limit N for more)`);
  return lines;
}

export function formatGc({ removed, kept, keep, grace, dryRun }) {
  const verb = dryRun ? 'would remove' : 'removed';
  const lines = removed.map(({ app, version, folder }) => `${verb} ${app} ${version}  (${folder})`);
  // Kept only because it was live lately: named, so nobody wonders why it is still there.
  for (const { app, version, reason } of kept)
    if (reason === 'live within grace') lines.push(`kept ${app} ${version}: live within grace (the last ${grace}; --grace to change)`);
  const counts = new Map();
  for (const { reason } of kept) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const why = [...counts]
    .map(
      ([reason, n]) =>
        `${n} ${reason === 'recent' ? `among the ${keep} most recent` : reason === 'live within grace' ? `live within grace (${grace})` : reason}`,
    )
    .join(', ');
  lines.push(
    `${dryRun ? 'Would remove' : 'Removed'} ${removed.length} folder${removed.length === 1 ? '' : 's'}; kept ${kept.length}${why ? ` (${why})` : ''}.`,
  );
  return lines;
}
