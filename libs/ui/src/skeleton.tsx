import './ui.css';

export function Skeleton({ width = '100%', height = '1rem' }: { width?: string; height?: string }) {
  return <span className="ui-skeleton" style={{ width, height }} aria-hidden="true" />;
}

/** The placeholder grid shown while a page loads: six rows by default (spec/shopping.md, Shell). */
export function SkeletonGrid({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div className="ui-skeleton-grid" role="status" aria-label={label} aria-live="polite">
      {Array.from({ length: rows }, (_, row) => (
        <div className="ui-skeleton-grid__row" key={row}>
          <Skeleton height="9rem" />
          <Skeleton height="9rem" />
          <Skeleton height="9rem" />
        </div>
      ))}
    </div>
  );
}
