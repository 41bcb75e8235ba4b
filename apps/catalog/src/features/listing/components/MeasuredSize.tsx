import { useEffect, useState } from 'react';
import { catalogueRoutes, type Filter, type MeasuredFrameSize } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

/** The API's marker of a shopper who measured their size (`frameSizeMeasured`), or a signed-in one (`isLogined`, account §3 User session). */
export const mayHaveMeasured = (cookies: string) => /(?:^|;\s*)(?:frameSizeMeasured|isLogined)=1(?:;|$)/.test(cookies);

/**
 * The shopper's frame size measured from their face (issue 43), from the API's one record of it
 * (`GET /v2/frame-size/latest`). Asked in the browser only, once the page runs (a listing's HTML
 * is shared by every shopper, so it never holds one shopper's size), and only by a shopper who
 * measured on this browser or is signed in. Null until known, or when there is none (a failure
 * is the same: the filter works without it).
 */
export function useMeasuredSize(): MeasuredFrameSize | null {
  const api = useApiClient();
  const [size, setSize] = useState<MeasuredFrameSize | null>(null);
  useEffect(() => {
    if (!mayHaveMeasured(document.cookie)) return;
    let live = true;
    api.call(catalogueRoutes.measuredFrameSize).then(
      ({ result }) => {
        if (live && result.measured && result.frameSize) setSize(result);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return size;
}

/** In the frame-size filter: the shopper's measured size, and a button that shows the frames of it (and of the size it also fits). */
export function MeasuredSizeChoice({
  size,
  filter,
  chosen,
  onChoose,
}: {
  size: MeasuredFrameSize;
  filter: Filter;
  chosen: string[];
  onChoose(values: string[]): void;
}) {
  const m = useMessages(messages);
  const titleOf = (id: string | undefined) => filter.options.find((option) => option.id === id)?.title;
  const title = titleOf(size.frameSize);
  if (!title) return null;
  const sizes = [size.frameSize!, ...(size.alsoFits && titleOf(size.alsoFits) ? [size.alsoFits] : [])];
  const shown = sizes.length === chosen.length && sizes.every((id) => chosen.includes(id));
  const also = size.alsoFits ? titleOf(size.alsoFits) : undefined;
  return (
    <div className="catalog-filters__mine">
      <p>{formatMessage(also ? m.measuredSizeAlso : m.measuredSize, { size: title, also: also ?? '', mm: Math.round(size.faceWidthMm ?? 0) })}</p>
      <button type="button" className="ui-button ui-button--link" aria-pressed={shown} onClick={() => onChoose(shown ? [] : sizes)}>
        {m.showMySize}
      </button>
    </div>
  );
}
