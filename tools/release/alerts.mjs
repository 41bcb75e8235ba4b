// Alerts: a JSON POST to a webhook (`--webhook URL`, else RELEASE_WEBHOOK_URL) that a chat
// tool accepts as it is: Slack's incoming-webhook shape (`text`, and `blocks` for the ones
// that render them; Mattermost, Rocket.Chat and Discord's /slack endpoint take the same),
// plus our own fields for anything else that reads them: event, app, version, previous,
// reason, at. Sent after the change it reports is written, with a timeout and one retry, so
// an alert never delays or blocks a rollback; a failure is reported on stderr and otherwise
// ignored (the history is the record, the alert only a notice).

/** @typedef {'abort' | 'rollback' | 'promote' | 'stale-signal' | 'bake-passed'} AlertEvent */
/**
 * @typedef {{ event: AlertEvent, app: string | null, version: string | null, previous?: string | null,
 *   reason: string, at?: string, root?: string }} Alert
 */

export const ALERT_TIMEOUT_MS = 5000;

const TITLES = {
  abort: 'Rollout stopped',
  rollback: 'Rolled back',
  promote: 'Promoted',
  'stale-signal': 'No fresh release signal',
  'bake-passed': 'Bake passed',
};

/** The webhook URL to use, or null: the option, else RELEASE_WEBHOOK_URL. Refuses a URL that is not http(s). */
export function webhookUrl(option, env = process.env) {
  const value = option ?? env.RELEASE_WEBHOOK_URL ?? null;
  if (!value) return null;
  let url;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`--webhook must be an http(s) URL (got "${value}")`);
  return url.href;
}

/** The body posted for an alert. */
export function alertBody(/** @type {Alert} */ alert) {
  const at = alert.at ?? new Date().toISOString();
  const what = [alert.app, alert.version].filter(Boolean).join(' ');
  const from = alert.previous ? ` (was ${alert.previous})` : '';
  const text = `[release] ${TITLES[alert.event] ?? alert.event}: ${what || 'the deploy root'}${from}. ${alert.reason}`.trim();
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${TITLES[alert.event] ?? alert.event}*: \`${what || '-'}\`${from}\n${alert.reason}` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${at}${alert.root ? ` · ${alert.root}` : ''}` }] },
    ],
    event: alert.event,
    app: alert.app ?? null,
    version: alert.version ?? null,
    previous: alert.previous ?? null,
    reason: alert.reason,
    at,
  };
}

async function postOnce(url, body, timeoutMs) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The body is read so the connection is freed; its content does not matter.
  await response.arrayBuffer().catch(() => {});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/**
 * Posts the alerts to the webhook, each with a timeout and one retry. Never throws: returns
 * what was delivered and what failed, and reports each failure through `report` (stderr).
 * @param {string | null} url
 * @param {Alert[]} alerts
 * @param {{ timeoutMs?: number, report?: (line: string) => void }} [options]
 */
export async function sendAlerts(url, alerts, { timeoutMs = ALERT_TIMEOUT_MS, report = (line) => console.error(line) } = {}) {
  const sent = [];
  const failed = [];
  if (!url || !alerts.length) return { sent, failed };
  for (const alert of alerts) {
    const body = alertBody(alert);
    let error = null;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        await postOnce(url, body, timeoutMs);
        error = null;
        break;
      } catch (caught) {
        error = caught?.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(caught?.message ?? caught);
      }
    }
    if (error) {
      failed.push({ event: alert.event, app: alert.app, error });
      report(`release: the ${alert.event} alert for ${alert.app ?? 'the root'} was not delivered to the webhook (${error}, tried twice)`);
    } else {
      sent.push({ event: alert.event, app: alert.app });
    }
  }
  return { sent, failed };
}
