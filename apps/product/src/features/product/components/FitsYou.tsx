import { useEffect, useState } from 'react';
import { productRoutes, type MeasuredFrameSize } from '@eyewear/api-client';
import { defineMessages, formatMessage, useMessages } from '@eyewear/i18n';
import { useProductApi } from '../../../app/api';

/** The hint's words (issue 43), kept with it. */
const fitsMessages = defineMessages({
  fitsYou: 'Fits you: your face measures {mm} mm across',
  yourSize: 'Your size is {size} ({mm} mm across, measured from your face)',
});

/** The API's marker of a shopper who measured their size on this browser (`frameSizeMeasured`), or a signed-in one (`isLogined`, account §3 User session). */
export const mayHaveMeasured = (cookies: string) => /(?:^|;\s*)(?:frameSizeMeasured|isLogined)=1(?:;|$)/.test(cookies);

/**
 * "Fits you" beside the frame's size (issue 43): the shopper's size measured from their face, from
 * the API's one record of it (`GET /v2/frame-size/latest`), asked in the browser only (the page's
 * HTML is the same for every shopper) and only by a shopper who measured on this browser or is
 * signed in. The frame fits when its size is the measured one or the one it also fits; otherwise
 * the hint names the shopper's size. Nothing without a measure.
 */
export function FitsYou({ frameSize, sizeName }: { frameSize: string; sizeName(size: string): string }) {
  const m = useMessages(fitsMessages);
  const api = useProductApi();
  const [measured, setMeasured] = useState<MeasuredFrameSize | null>(null);
  useEffect(() => {
    if (!mayHaveMeasured(document.cookie)) return;
    let live = true;
    api.call(productRoutes.measuredFrameSize).then(
      ({ result }) => {
        if (live && result.measured && result.frameSize) setMeasured(result);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (!measured?.frameSize) return null;
  const mm = Math.round(measured.faceWidthMm ?? 0);
  const fits = measured.frameSize === frameSize || measured.alsoFits === frameSize;
  return (
    <span className={fits ? 'pdp-stock' : 'pdp-muted'} data-testid="product-fits-you">
      {fits ? formatMessage(m.fitsYou, { mm }) : formatMessage(m.yourSize, { size: sizeName(measured.frameSize), mm })}
    </span>
  );
}
