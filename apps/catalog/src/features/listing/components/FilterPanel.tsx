import type { Filter } from '@eyewear/api-client';
import { rupeeLabel, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { trimTitle } from '../filter-labels';
import { MeasuredSizeChoice, useMeasuredSize } from './MeasuredSize';

export interface FilterPanelProps {
  filters: Filter[];
  selected: Record<string, string>;
  onChange(key: string, values: string[]): void;
  onClear(): void;
}

/** Filter groups from the filter API; titles over 32 characters are trimmed, "Rs." shows as ₹. */
export function FilterPanel({ filters, selected, onChange, onClear }: FilterPanelProps) {
  const m = useMessages(messages);
  const any = Object.keys(selected).some((k) => k !== 'sort' && k !== 'dir');
  const measured = useMeasuredSize();
  return (
    <form className="catalog-filters" aria-label={m.filters} onSubmit={(e) => e.preventDefault()}>
      {filters.map((filter) => {
        const chosen = (selected[filter.id] ?? '').split(',').filter(Boolean);
        return (
          <fieldset key={filter.id} className="catalog-filters__group">
            <legend>{filter.name}</legend>
            {filter.id === 'frame_size' && measured ? (
              <MeasuredSizeChoice size={measured} filter={filter} chosen={chosen} onChoose={(values) => onChange(filter.id, values)} />
            ) : null}
            {filter.options.map((option) => {
              const full = rupeeLabel(option.displayTitle || option.title);
              const shown = rupeeLabel(option.trimmedTitle && option.trimmedTitle.length <= 32 ? option.trimmedTitle : trimTitle(option.title));
              const checked = chosen.includes(option.id);
              return (
                <label key={option.id} className="catalog-filters__option" title={full}>
                  <input
                    type="checkbox"
                    name={filter.id}
                    value={option.id}
                    checked={checked}
                    aria-label={full}
                    onChange={() => onChange(filter.id, checked ? chosen.filter((v) => v !== option.id) : [...chosen, option.id])}
                  />
                  <span>{shown}</span>
                  {option.count !== undefined ? <span className="catalog-muted"> ({option.count})</span> : null}
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {any ? (
        <button type="button" className="ui-button ui-button--link" onClick={onClear}>
          {m.clearFilters}
        </button>
      ) : null}
    </form>
  );
}
