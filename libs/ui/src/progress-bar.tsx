import './ui.css';

/**
 * A thin bar at the top of the page while a route change loads. Announced politely, so
 * screen-reader users know something is happening without losing their place.
 */
export function ProgressBar({ active, label }: { active: boolean; label: string }) {
  return (
    <div
      className={active ? 'ui-progress ui-progress--active' : 'ui-progress'}
      role="progressbar"
      aria-label={label}
      aria-hidden={!active}
      aria-busy={active}
    />
  );
}
