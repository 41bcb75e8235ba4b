import { useEffect, useState, useSyncExternalStore } from 'react';
import { federationInfo } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { useAreaLoader } from './loader-context';
import { messages } from './messages';

export const DEBUG_PARAM = 'mf-debug';
const DEBUG_KEY = 'mf-debug';

/** `?mf-debug=1` turns the panel on for the visit (sessionStorage), `?mf-debug=0` off. */
export function debugRequested(search: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = sessionStorage): boolean {
  const flag = new URLSearchParams(search).get(DEBUG_PARAM);
  if (flag === '1') storage.setItem(DEBUG_KEY, '1');
  if (flag === '0') storage.removeItem(DEBUG_KEY);
  return storage.getItem(DEBUG_KEY) === '1';
}

/**
 * For release engineers and QA: which build of each remote this page view chose, and why
 * (cohort, canary, override, fallback). Shown only behind `?mf-debug=1`.
 */
export function FederationDebugPanel() {
  const m = useMessages(messages);
  const { pending } = useAreaLoader();
  // Re-read after each load settles: a canary may have fallen back to stable meanwhile.
  const settled = useSyncExternalStore(pending.subscribe, pending.count, () => 0);
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    // In a task of its own: the visit's storage is read for it, a few milliseconds the first
    // time, which would lengthen the page's first effects (issue 19: blocking time).
    const timer = setTimeout(() => setEnabled(debugRequested(window.location.search)), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!enabled) return null;
  const info = federationInfo();
  return (
    <aside className="shell-debug" aria-label={m.debugTitle} data-testid="shell-debug-panel" data-pending={settled}>
      <h2>{m.debugTitle}</h2>
      {info ? (
        <>
          {Object.values(info.chosen).every((chosen) => chosen.bucketFrom === 'edge') ? (
            <p>{m.debugBucketsFromEdge}</p>
          ) : (
            <p>{`${m.debugCohort}: ${info.cohort}`}</p>
          )}
          <table>
            <tbody>
              {Object.values(info.chosen).map((chosen) => (
                <tr key={chosen.remote} data-remote={chosen.remote}>
                  <th scope="row">{chosen.remote}</th>
                  <td>{chosen.version}</td>
                  <td>{chosen.bucket === undefined ? '' : `${m.debugBucket} ${chosen.bucket}`}</td>
                  <td>{[chosen.channel, chosen.overridden ? m.debugOverride : null, chosen.fellBack ? m.debugFellBack : null].filter(Boolean).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {info.rejectedOverrides.length > 0 ? <p role="alert">{`${m.debugRejected}: ${info.rejectedOverrides.join(', ')}`}</p> : null}
        </>
      ) : (
        <p>{m.debugNotStarted}</p>
      )}
    </aside>
  );
}
