import { useEffect, useRef, useState, type FormEvent } from 'react';
import { faceProfileRoutes, messageOf, productReads, type Product } from '@eyewear/api-client';
import { faceProblems, type FaceDetector, type FaceLandmarks } from '@eyewear/face';
import { loadFaceDetector } from '@eyewear/face/browser';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useProductApi, useProductQuery } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { useVariants } from '../api';
import { CameraError, startFrontCamera, stopCamera, type CameraRefusal } from './camera';
import { frontImageUrl, loadFrameImage } from './frame-image';
import { liveMessages } from './messages';
import { drawLive, livePlacement, type LivePlacement } from './placement';

type Phase = 'consent' | 'live' | 'captured';
export type LiveUnavailable = CameraRefusal | 'modelFailed';

interface Still {
  /** The picture as shown (mirrored, with the frame). */
  preview: string;
  /** The camera's picture alone (unmirrored), which becomes the profile's photo. */
  photo: Blob | null;
  size: { width: number; height: number };
  landmarks: FaceLandmarks | null;
}

export interface LiveTryOnProps {
  product: Product;
  /** No camera, the camera refused, or no face model on this device: the dialog goes back to the saved photo. */
  onUnavailable(reason: LiveUnavailable): void;
  onUsePhoto(): void;
  /** The face detector (default: the browser's, @eyewear/face/browser). */
  detector?: FaceDetector;
  /** Opens the front camera (default: getUserMedia with facingMode 'user'). */
  openCamera?: () => Promise<MediaStream>;
}

/** The dialog's rows of controls: wrapped on a narrow phone, spaced for a thumb. */
const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 1rem' } as const;

const inside = (p: { x: number; y: number }, size: { width: number; height: number }) => p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;

/**
 * Live try-on (issue 43): the consent text, then the front camera mirrored like a selfie with the
 * frame drawn over the eyes every picture, the product's colours, a still that can become a face
 * profile's photo. The camera picture never leaves the device: the face is found in the browser.
 */
export function LiveTryOn({ product, onUnavailable, onUsePhoto, detector, openCamera = startFrontCamera }: LiveTryOnProps) {
  const m = useMessages(liveMessages);
  const pm = useMessages(pageMessages);
  const client = useProductApi();
  const [phase, setPhase] = useState<Phase>('consent');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState<string>('');
  const [colourId, setColourId] = useState(product.id);
  const [still, setStill] = useState<Still | null>(null);
  const [saveState, setSaveState] = useState<{ status: 'idle' | 'saving' | 'saved' | 'failed'; text?: string }>({ status: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLImageElement | null>(null);
  const placement = useRef<LivePlacement | null>(null);
  const latest = useRef<FaceLandmarks | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // The page's one detector (its model loads when the camera starts), or the one given.
  const [faceDetector] = useState<FaceDetector>(() => detector ?? loadFaceDetector());
  const faces = useRef(faceDetector);
  const colourRef = useRef(colourId);
  colourRef.current = colourId;

  // The colours: the product's variants; the frame image of the one shown.
  const variants = useVariants(product.id);
  const colours = variants && variants.options.length > 1 ? variants.options : [];
  const read = productReads(colourId).product;
  const shown = useProductQuery(read.route, read.input, { enabled: colourId !== product.id });
  const shownProduct = colourId === product.id ? product : shown.status === 'ready' ? (shown.data?.result ?? null) : null;
  const imageUrl = shownProduct ? frontImageUrl(shownProduct) : null;

  useEffect(() => {
    if (!imageUrl) return;
    const abort = new AbortController();
    loadFrameImage(imageUrl, abort.signal).then(
      (image) => (frame.current = image),
      () => undefined,
    );
    return () => abort.abort();
  }, [imageUrl]);

  // Every track stops when the dialog closes or the page goes.
  useEffect(() => () => stopCamera(streamRef.current), []);

  function stop() {
    stopCamera(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setStill(null);
    setPhase('consent');
    setMessage('');
  }

  async function start() {
    setStarting(true);
    try {
      const opened = await openCamera();
      streamRef.current = opened;
      setStream(opened);
      setPhase('live');
      setMessage(m.starting);
    } catch (error) {
      onUnavailable(error instanceof CameraError ? error.reason : 'noCamera');
    } finally {
      setStarting(false);
    }
  }

  // The camera on the page, and the face found on it as often as the device allows; each picture is drawn at the screen's pace.
  useEffect(() => {
    const element = video.current;
    const target = canvas.current;
    if (phase !== 'live' || !stream || !element || !target) return;
    let alive = true;
    let drawn = 0;
    let detections = 0;
    let animation = 0;
    element.srcObject = stream;
    const context = target.getContext('2d');
    const size = () => ({ width: element.videoWidth || target.width, height: element.videoHeight || target.height });

    const draw = () => {
      if (!alive) return;
      const { width, height } = size();
      if (context && element.readyState >= 2) {
        if (target.width !== width) target.width = width;
        if (target.height !== height) target.height = height;
        drawLive(context, element, { width, height }, frame.current, placement.current);
        target.dataset['frames'] = String(++drawn);
      }
      animation = requestAnimationFrame(draw);
    };

    const track = async () => {
      try {
        await element.play().catch(() => undefined);
        target.dataset['backend'] = await faces.current.start();
      } catch {
        if (alive) {
          stopCamera(streamRef.current);
          onUnavailable('modelFailed');
        }
        return;
      }
      setMessage(m.findingFace);
      let shownMessage = m.findingFace;
      while (alive) {
        if (element.readyState < 2) {
          await new Promise((resolve) => element.addEventListener('loadeddata', resolve, { once: true }));
          continue;
        }
        const landmarks = await faces.current.detectFace(element).catch(() => null);
        if (!alive) break;
        const imageSize = size();
        const problem = faceProblems(landmarks, imageSize)[0];
        latest.current = landmarks;
        placement.current = landmarks && !problem ? livePlacement(landmarks) : null;
        target.dataset['detections'] = String(++detections);
        target.dataset['placement'] = placement.current
          ? JSON.stringify({ lensCentres: placement.current.lensCentres, pupils: placement.current.pupils, imageSize, colour: colourRef.current })
          : '';
        const next = problem?.message ?? '';
        if (next !== shownMessage) setMessage((shownMessage = next));
        // One detection a picture at most: the next waits for the screen.
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    };

    animation = requestAnimationFrame(draw);
    void track();
    return () => {
      alive = false;
      cancelAnimationFrame(animation);
    };
    // onUnavailable and the messages do not restart the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, stream]);

  async function capture() {
    const element = video.current;
    const target = canvas.current;
    if (!element || !target) return;
    const size = { width: element.videoWidth, height: element.videoHeight };
    const photo = document.createElement('canvas');
    photo.width = size.width;
    photo.height = size.height;
    photo.getContext('2d')?.drawImage(element, 0, 0, size.width, size.height);
    const preview = target.toDataURL('image/jpeg', 0.9);
    setPhase('captured');
    setSaveState({ status: 'idle' });
    const [blob, landmarks] = await Promise.all([
      new Promise<Blob | null>((resolve) => photo.toBlob(resolve, 'image/jpeg', 0.92)),
      faces.current.detectFace(photo).catch(() => null),
    ]);
    setStill({ preview, photo: blob, size, landmarks });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!still?.photo) return;
    if (!still.landmarks || faceProblems(still.landmarks, still.size).some((problem) => problem.code === 'notFound')) {
      setSaveState({ status: 'failed', text: m.notFaceForSave });
      return;
    }
    const firstName = String(new FormData(event.currentTarget).get('firstName') ?? '').trim();
    const form = new FormData();
    form.append('file', new File([still.photo], 'try-on.jpg', { type: 'image/jpeg' }));
    form.append('firstName', firstName);
    const l = still.landmarks;
    // The landmarks go with the photo (the saved-photo try-on places frames by them); only when the eyes and nose are in it.
    if ([...l.pupils, l.noseBridge, l.noseTip].every((p) => inside(p, still.size)))
      form.append('face', JSON.stringify({ landmarks: l, imageSize: still.size }));
    setSaveState({ status: 'saving' });
    try {
      await client.call(faceProfileRoutes.create, { body: form });
      setSaveState({ status: 'saved', text: formatMessage(m.saved, { name: firstName }) });
    } catch (error) {
      setSaveState({ status: 'failed', text: messageOf(error, pm.systemError) });
    }
  }

  if (phase === 'consent') {
    return (
      <section aria-labelledby="live-try-on-consent" className="pdp-live">
        <h3 id="live-try-on-consent">{m.consentTitle}</h3>
        <p>{m.consent}</p>
        <p className="pdp-live__actions" style={ROW}>
          <button type="button" className="ui-button" onClick={() => void start()} disabled={starting}>
            {m.startCamera}
          </button>{' '}
          <button type="button" className="ui-button ui-button--link" onClick={onUsePhoto}>
            {m.photoMode}
          </button>
        </p>
        {starting ? <p role="status">{m.starting}</p> : null}
      </section>
    );
  }

  return (
    <section aria-label={m.liveMode} className="pdp-live">
      {/* The camera's picture is drawn on the canvas; the video element itself is not shown. */}
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        aria-hidden="true"
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
      {phase === 'captured' && still ? (
        <img src={still.preview} alt={m.captured} style={{ width: '100%', maxWidth: 480, height: 'auto', display: 'block' }} />
      ) : null}
      <canvas
        ref={canvas}
        role="img"
        aria-label={m.live}
        width={640}
        height={480}
        data-testid="live-try-on-canvas"
        style={{ width: '100%', maxWidth: 480, height: 'auto', display: phase === 'captured' ? 'none' : 'block' }}
      />
      {phase === 'live' ? (
        <p role="status" aria-live="polite">
          {message}
        </p>
      ) : null}
      {colours.length > 0 ? (
        <div
          role="group"
          aria-label={m.colours}
          className="pdp-live__colours"
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0.25rem 1rem', margin: '0.75rem 0' }}
        >
          <span aria-hidden="true">{m.colours}:</span>
          {colours.map((option) => (
            <button
              key={option.productId}
              type="button"
              className="ui-button ui-button--link"
              // The colour on show is marked by more than its state: bold, not underlined.
              style={option.productId === colourId ? { fontWeight: 700, textDecoration: 'none' } : undefined}
              aria-pressed={option.productId === colourId}
              aria-label={formatMessage(m.colour, { colour: option.label })}
              onClick={() => setColourId(option.productId)}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
      {phase === 'live' ? (
        <p className="pdp-live__actions" style={ROW}>
          <button type="button" className="ui-button" onClick={() => void capture()}>
            {m.capture}
          </button>{' '}
          <button type="button" className="ui-button ui-button--link" onClick={stop}>
            {m.stopCamera}
          </button>
        </p>
      ) : (
        <form onSubmit={(event) => void save(event)} className="pdp-live__save" style={ROW}>
          <label>
            {m.profileName} <input name="firstName" required maxLength={60} autoComplete="given-name" />
          </label>{' '}
          <button type="submit" className="ui-button" disabled={!still?.photo || saveState.status === 'saving' || saveState.status === 'saved'}>
            {m.save}
          </button>{' '}
          <button type="button" className="ui-button ui-button--link" onClick={() => (setStill(null), setPhase('live'))}>
            {m.retake}
          </button>{' '}
          <button type="button" className="ui-button ui-button--link" onClick={stop}>
            {m.stopCamera}
          </button>
          {saveState.status === 'saving' ? <p role="status">{m.saving}</p> : null}
          {saveState.status === 'saved' ? <p role="status">{saveState.text}</p> : null}
          {saveState.status === 'failed' ? <p role="alert">{saveState.text}</p> : null}
        </form>
      )}
    </section>
  );
}
