import { useId, useRef, useState } from 'react';
import { messageOf, productRoutes, type FaceLooks, type FrameSizeResult } from '@eyewear/api-client';
import { faceProblems, type FaceDetector, type FaceLandmarks } from '@eyewear/face';
import { loadFaceDetector } from '@eyewear/face/browser';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { useProductApi } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { frameSizeMessages } from '../messages';
import { dataUrlOf, photoLooks } from '../photo';
import '../../../app/product.css';

type State =
  | { status: 'idle' }
  | { status: 'finding' }
  | { status: 'measuring' }
  | { status: 'ready'; result: FrameSizeResult }
  /** The face could not be measured (not found, too small, turned): its message, and no call was made. */
  | { status: 'problem'; message: string }
  | { status: 'modelFailed' }
  | { status: 'failed'; message: string };

/** The listing of every eyeglass frame (the catalogue's `/eyeglasses/all.html`) filtered to the measured size and the one it also fits. */
export function listingOfSize(result: Pick<FrameSizeResult, 'frameSize' | 'alsoFits'>): string {
  const sizes = [result.frameSize, ...(result.alsoFits ? [result.alsoFits] : [])];
  return `/eyeglasses/all.html?frame_size=${sizes.join(',')}`;
}

export interface FrameSizeViewProps {
  /** Makes the face detector, called once the shopper has agreed and chosen a photo (default: the browser's, @eyewear/face/browser, whose model is a chunk of its own). */
  loadDetector?: () => FaceDetector;
}

/**
 * Frame size (issue 43, ADR 059): the shopper agrees to the analysis, picks or takes a photo, and
 * the face is found on this device, on the photo and on its mirror image (two looks at one face);
 * a face that cannot be measured is said with what to do, without a call; else the looks' landmarks
 * (never the photo) go to POST /v2/frame-size, which answers the size class, the millimetres, the
 * size it also fits and the ruler. `?store=CODE` is the in-store variant (/v2/frame-size/store).
 */
export default function FrameSizeView({ loadDetector = loadFaceDetector }: FrameSizeViewProps) {
  const m = useMessages(pageMessages);
  const sizing = useMessages(frameSizeMessages);
  const api = useProductApi();
  const store = new URLSearchParams(useLocation().search).get('store');
  const [agreed, setAgreed] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const detector = useRef<FaceDetector | null>(null);
  const attempt = useRef(0);
  const ids = useId();

  const measure = async (file: File | undefined) => {
    if (!file || !agreed) return;
    const mine = ++attempt.current;
    const current = () => mine === attempt.current;
    setState({ status: 'finding' });
    let looks: FaceLooks;
    try {
      const dataUrl = await dataUrlOf(file);
      if (!current()) return;
      setPreview(dataUrl);
      const photo = await photoLooks(dataUrl).catch(() => null);
      if (!photo) {
        if (current()) setState({ status: 'problem', message: faceProblems(null, { width: 1, height: 1 })[0]!.message });
        return;
      }
      // The model loads now, on the first photo (a chunk of its own and the model's files).
      const faces = (detector.current ??= loadDetector());
      await faces.start();
      const found = await Promise.all(photo.pictures.map((picture) => faces.detectFace(picture)));
      if (!current()) return;
      const problem = found.map((look) => faceProblems(look, photo.imageSize, { measuring: true })[0]).find(Boolean);
      if (problem) {
        setState({ status: 'problem', message: problem.message });
        return;
      }
      looks = { looks: found as FaceLandmarks[], imageSize: photo.imageSize };
    } catch {
      if (current()) setState({ status: 'modelFailed' });
      return;
    }
    setState({ status: 'measuring' });
    try {
      const form = new FormData();
      form.append('face', JSON.stringify(looks));
      if (store) form.append('storeCode', store);
      const answer = store ? await api.call(productRoutes.storeFrameSize, { body: form }) : await api.call(productRoutes.frameSize, { body: form });
      if (current()) setState({ status: 'ready', result: answer.result });
    } catch (error) {
      if (current()) setState({ status: 'failed', message: messageOf(error, m.systemError) });
    }
  };

  const busy = state.status === 'finding' || state.status === 'measuring';
  const result = state.status === 'ready' ? state.result : null;
  const sizeName = (size: FrameSizeResult['frameSize']) => m[size];

  return (
    <div className="pdp-frame-size pdp-form">
      <p>{sizing.frameSizeIntro}</p>
      {store ? <p className="pdp-badge">{formatMessage(sizing.storeCode, { code: store })}</p> : null}
      <section aria-labelledby={`${ids}-consent`} className="pdp-frame-size__consent">
        <h2 id={`${ids}-consent`}>{sizing.consentTitle}</h2>
        <p>{sizing.consent}</p>
        <label className="pdp-check">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          {sizing.agree}
        </label>
      </section>
      <div className="pdp-field">
        <label htmlFor={`${ids}-photo`}>{sizing.photo}</label>
        <input
          id={`${ids}-photo`}
          type="file"
          accept="image/*"
          capture="user"
          disabled={!agreed || busy}
          aria-describedby={agreed ? undefined : `${ids}-agree-first`}
          onChange={(e) => void measure(e.target.files?.[0])}
        />
        {agreed ? null : (
          <p id={`${ids}-agree-first`} className="pdp-muted">
            {sizing.agreeFirst}
          </p>
        )}
      </div>
      {preview ? <img src={preview} alt="" /> : null}
      <div role="status" aria-live="polite" className="pdp-frame-size__status">
        {state.status === 'finding' ? <p>{sizing.findingFace}</p> : null}
        {state.status === 'measuring' ? <p>{sizing.measuring}</p> : null}
        {result ? (
          <>
            <h2>{formatMessage(sizing.yourSize, { size: sizeName(result.frameSize) })}</h2>
            {result.faceWidthMm ? <p>{formatMessage(sizing.faceWidth, { mm: Math.round(result.faceWidthMm) })}</p> : null}
            {result.alsoFits ? <p>{formatMessage(sizing.alsoFits, { size: sizeName(result.alsoFits) })}</p> : null}
            {result.by === 'iris' ? <p className="pdp-muted">{sizing.byIris}</p> : null}
            {result.by === 'pupilDistance' ? <p className="pdp-muted">{sizing.byPupilDistance}</p> : null}
            <p>
              <Link to={listingOfSize(result)}>
                {result.alsoFits
                  ? formatMessage(sizing.shopSizes, { size: sizeName(result.frameSize), also: sizeName(result.alsoFits) })
                  : formatMessage(sizing.shopSize, { size: sizeName(result.frameSize) })}
              </Link>
            </p>
          </>
        ) : null}
      </div>
      {state.status === 'problem' || state.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {state.message}
        </p>
      ) : null}
      {state.status === 'modelFailed' ? (
        <p role="alert" className="pdp-error">
          {sizing.modelFailed}
        </p>
      ) : null}
    </div>
  );
}
