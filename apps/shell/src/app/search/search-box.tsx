import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useHref, useNavigate } from '@eyewear/router';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { sanitizeSearch, SEARCH_HIDE_DELAY_MS, SEARCH_NAVIGATE_DELAY_MS, searchUrl, type SearchOption } from './search-rules';

export { sanitizeSearch };

// The suggestion list (its requests, trending list and product cards) loads on first focus.
const loadTypeahead = () => import('./typeahead');
const Typeahead = lazy(loadTypeahead);

/**
 * The header's search bar: an accessible combobox. Blocked characters never reach the
 * input; Enter or a click searches after 300 ms; the list hides 200 ms after focus leaves.
 */
export function SearchForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const m = useMessages(messages);
  const navigate = useNavigate();
  // The search page: where the form goes by itself when the page's scripts have not run.
  const action = useHref('/search');
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [options, setOptions] = useState<readonly SearchOption[]>([]);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const goTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(hideTimer.current);
      clearTimeout(goTimer.current);
    },
    [],
  );

  const go = useCallback(
    (url: string | null) => {
      if (!url) return;
      clearTimeout(goTimer.current);
      goTimer.current = setTimeout(() => {
        setOpen(false);
        navigate(url);
      }, SEARCH_NAVIGATE_DELAY_MS);
    },
    [navigate],
  );

  const shownOptions = useRef<readonly SearchOption[]>([]);
  // A new list starts unselected; the same list with another URL (a colour picked by a swatch) keeps its selection.
  const onOptions = useCallback((next: readonly SearchOption[]) => {
    const previous = shownOptions.current;
    shownOptions.current = next;
    setOptions(next);
    if (previous.length !== next.length || previous.some((option, i) => option.id !== next[i]!.id || option.label !== next[i]!.label)) setActive(-1);
  }, []);

  function show() {
    clearTimeout(hideTimer.current);
    setWanted(true);
    setOpen(true);
  }

  function hideSoon() {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), SEARCH_HIDE_DELAY_MS);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = open && active >= 0 ? options[active] : undefined;
    go(chosen ? chosen.url : searchUrl(term));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show();
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((index) => (event.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1));
    } else if (event.key === 'Escape' && open) {
      // The first Escape only closes the list (a search input would also clear the term).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && wanted;
  const activeId = expanded && active >= 0 && active < options.length ? `${listId}-${active}` : undefined;

  return (
    <form role="search" className="shell-search" action={action} method="get" onSubmit={submit}>
      <label htmlFor={id} className="shell-visually-hidden">
        {m.searchLabel}
      </label>
      <div className="shell-search__field" onFocus={show} onBlur={hideSoon}>
        <input
          id={id}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={m.searchPlaceholder}
          value={term}
          onPointerEnter={() => void loadTypeahead()}
          onChange={(event) => {
            setTerm(sanitizeSearch(event.target.value));
            show();
          }}
          onKeyDown={onKeyDown}
        />
        {wanted ? (
          <Suspense fallback={null}>
            <Typeahead listId={listId} term={term} open={expanded} active={active} onOptions={onOptions} onChoose={(option) => go(option.url)} />
          </Suspense>
        ) : null}
      </div>
      <button type="submit">{m.searchButton}</button>
    </form>
  );
}
