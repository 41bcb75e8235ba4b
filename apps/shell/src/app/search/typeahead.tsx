import { useEffect, useMemo, useState } from 'react';
import { shellRoutes, type ApiClient, type SearchSuggestions, type TrendingSearches } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { currencyMark, formatMessage, formatPrice, httpsUrl, useMessages } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { searchMessages } from './search-messages';
import { modelOptionOf, searchUrl, type ModelOption, type SearchOption } from './search-rules';
import './typeahead.css';

/**
 * The page view's trending searches, once one search box has loaded them: `useQuery` loads
 * per component and keeps nothing between them in the browser, and the list is asked once per
 * page view, so the first answer is kept here for every box opened later. A failed load is not
 * kept: the next box to open asks again.
 */
let trendingAnswer: TrendingSearches | null = null;

/** Forgets the page view's trending searches (tests: each render is a new page). */
export function resetTrending(): void {
  trendingAnswer = null;
}

/** Trending searches, asked once per page view; null while they load or when they failed. */
function useTrending(api: ApiClient): TrendingSearches | null {
  const known = trendingAnswer;
  const { status, data } = useQuery(shellRoutes.trending, {}, { client: api, enabled: known === null });
  const answer = status === 'ready' && data ? data.result : null;
  useEffect(() => {
    if (answer) trendingAnswer = answer;
  }, [answer]);
  return known ?? answer;
}

const NO_SUGGESTIONS: SearchSuggestions = { typeAhead: [], productRecommendations: [] };

type Suggestions = { status: 'idle' | 'loading' | 'done'; data: SearchSuggestions | null };

/**
 * Suggestions for a term: a request per change of the term, none for an empty box (it shows
 * the trending searches). Only the latest answer is shown: `useQuery` aborts an older request
 * and drops its answer. A failure reads as no suggestions.
 */
export function useSuggestions(api: ApiClient, term: string): Suggestions {
  const query = term.trim();
  const { status, data } = useQuery(shellRoutes.suggestions, { params: { query } }, { client: api, enabled: query !== '' });
  // The last answer stays on screen while the next term's loads, but not past an emptied box
  // or a failure: typing again then starts from "loading", not from an older term's list.
  const [keep, setKeep] = useState(false);
  if (status === 'ready' && !keep) setKeep(true);
  if ((!query || status === 'failed') && keep) setKeep(false);
  if (!query) return { status: 'idle', data: null };
  if (status === 'failed') return { status: 'done', data: NO_SUGGESTIONS };
  if (status === 'ready' && data) return { status: 'done', data: data.result };
  return { status: 'loading', data: keep ? (data?.result ?? null) : null };
}

export interface TypeaheadProps {
  listId: string;
  term: string;
  open: boolean;
  active: number;
  onOptions(options: readonly SearchOption[]): void;
  onChoose(option: SearchOption): void;
}

/** The open list under the search bar: trending searches when empty, else keywords and products. */
export default function Typeahead({ listId, term, open, active, onOptions, onChoose }: TypeaheadProps) {
  const m = useMessages(messages);
  const sm = useMessages(searchMessages);
  const api = useApi();
  const popular = useTrending(api);
  const suggestions = useSuggestions(api, term);
  const empty = !term.trim();

  /** The colour picked (by a swatch) for each model suggestion, by the model's first URL. */
  const [picked, setPicked] = useState<Readonly<Record<string, number>>>({});

  const { keywords, products } = useMemo(() => {
    if (empty) {
      const list = popular ? (isMobileViewport() ? popular.mobile : popular.desktop) : [];
      return { keywords: list.map((t, i) => ({ id: `t${i}`, label: t.name, url: t.url })), products: [] as ModelOption[] };
    }
    const data = suggestions.data;
    return {
      keywords: (data?.typeAhead ?? []).map((word, i) => ({ id: `k${i}`, label: word, url: searchUrl(word) ?? '/search' })),
      products: (data?.productRecommendations ?? []).map((p, i) => modelOptionOf(`p${i}`, p, picked[p.product_url])),
    };
  }, [empty, popular, suggestions.data, picked]);

  const options = useMemo(() => [...keywords, ...products].map(({ id, label, url }) => ({ id, label, url })), [keywords, products]);
  useEffect(() => onOptions(options), [options, onOptions]);

  const optionProps = (index: number, option: SearchOption) => ({
    id: `${listId}-${index}`,
    role: 'option' as const,
    'aria-selected': index === active,
    className: `shell-typeahead__option${index === active ? ' shell-typeahead__option--active' : ''}`,
    // Chosen on mousedown, before the input's blur hides the list.
    onMouseDown: (event: { preventDefault(): void }) => {
      event.preventDefault();
      onChoose(option);
    },
  });

  return (
    <div className="shell-typeahead" hidden={!open} data-testid="shell-typeahead">
      <ul id={listId} role="listbox" aria-label={m.searchSuggestions} className="shell-typeahead__list">
        {keywords.length > 0 ? (
          <li role="presentation" className="shell-typeahead__title">
            {empty ? m.trendingTitle : m.suggestionsTitle}
          </li>
        ) : null}
        {keywords.map((option, index) => (
          <li key={option.id} {...optionProps(index, option)}>
            {option.label}
          </li>
        ))}
        {products.length > 0 ? (
          <li role="presentation" className="shell-typeahead__title">
            {m.productsTitle}
          </li>
        ) : null}
        {products.map((option, i) => {
          const index = keywords.length + i;
          const price = option.product.prices[0];
          const { colours, shown } = option;
          const coloursId = `${listId}-${index}-colours`;
          return (
            <li key={option.id} {...optionProps(index, option)} aria-label={option.label} aria-describedby={colours.length > 1 ? coloursId : undefined}>
              <img src={httpsUrl(shown.image_url)} alt="" width={56} height={28} loading="lazy" />
              <span className="shell-typeahead__product">
                <span className="shell-typeahead__brand">{option.product.brand_name}</span>
                <span>{option.product.name}</span>
                {colours.length > 1 ? (
                  <span className="shell-typeahead__swatches">
                    <span id={coloursId} className="shell-visually-hidden">
                      {formatMessage(sm.modelColours, {
                        colour: shown.colour,
                        others: colours
                          .filter((c) => c.id !== shown.id)
                          .map((c) => c.colour)
                          .join(', '),
                      })}
                    </span>
                    {colours.map((c) => (
                      // A swatch is part of its option (options hold no controls): pointing at it
                      // shows that colour, pressing it opens that colour's page.
                      <span
                        key={c.id}
                        aria-hidden="true"
                        title={c.colour}
                        className={`shell-typeahead__swatch${c.id === shown.id ? ' shell-typeahead__swatch--shown' : ''}`}
                        style={{ background: c.hex }}
                        onPointerEnter={() => setPicked((was) => ({ ...was, [option.product.product_url]: c.id }))}
                        onMouseDown={(event) => {
                          event.preventDefault();
                          event.stopPropagation();
                          onChoose({ id: option.id, label: option.label, url: c.product_url });
                        }}
                      />
                    ))}
                  </span>
                ) : null}
              </span>
              {price ? (
                <span className="shell-typeahead__price" data-currency-mark={currencyMark(price.currencyCode)}>
                  {formatPrice(price.price, price.currencyCode)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!empty && suggestions.status === 'loading' && options.length === 0 ? (
        <p className="shell-typeahead__note" role="status">
          {m.suggestionsLoading}
        </p>
      ) : null}
      {!empty && suggestions.status === 'done' && options.length === 0 ? (
        <p className="shell-typeahead__note" role="status">
          {formatMessage(m.noSuggestions, { term: term.trim() })}
        </p>
      ) : null}
    </div>
  );
}
