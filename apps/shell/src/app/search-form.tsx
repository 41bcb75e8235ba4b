import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@eyewear/i18n';
import { messages } from './messages';

/** Characters the search input refuses (spec/shopping.md "Header"). */
const BLOCKED = /[\\[\]()?%]/g;

export function sanitizeSearch(value: string): string {
  return value.replace(BLOCKED, '');
}

export function SearchForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const m = useMessages(messages);
  const navigate = useNavigate();
  const id = useId();
  const [term, setTerm] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = term.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  }

  return (
    <form role="search" className="shell-search" onSubmit={submit}>
      <label htmlFor={id} className="shell-visually-hidden">
        {m.searchLabel}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={m.searchPlaceholder}
        value={term}
        onChange={(event) => setTerm(sanitizeSearch(event.target.value))}
      />
      <button type="submit">{m.searchButton}</button>
    </form>
  );
}
