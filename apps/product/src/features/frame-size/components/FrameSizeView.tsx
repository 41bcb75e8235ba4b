import { useState } from 'react';
import { messageOf, productRoutes, type FrameSizeResult } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { useProductApi } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { frameSizeMessages } from '../messages';
import '../../../app/product.css';

/** account §9: the face image is 300x240. */
export const FACE_WIDTH = 300;
export const FACE_HEIGHT = 240;

/** The file as a data URL: the site's CSP allows data: images, not blob: ones. */
export function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Draws the photo into 300x240 (cropped to fill, centred) and encodes it as PNG, the form the API measures. */
export async function facePng(dataUrl: string): Promise<Blob> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = FACE_WIDTH;
  canvas.height = FACE_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  const scale = Math.max(FACE_WIDTH / image.naturalWidth, FACE_HEIGHT / image.naturalHeight);
  const w = image.naturalWidth * scale;
  const h = image.naturalHeight * scale;
  context.drawImage(image, (FACE_WIDTH - w) / 2, (FACE_HEIGHT - h) / 2, w, h);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'));
}

type State = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; result: FrameSizeResult } | { status: 'failed'; message: string };

/**
 * Frame size: upload or take a face photo; the API answers one of the five sizes. `?store=CODE` is
 * the in-store variant. The photo is sent (a POST with a file), not a query: it stays a call here.
 */
export default function FrameSizeView() {
  const m = useMessages(pageMessages);
  const sizing = useMessages(frameSizeMessages);
  const api = useProductApi();
  const store = new URLSearchParams(useLocation().search).get('store');
  const [state, setState] = useState<State>({ status: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);

  const measure = async (file: File | undefined) => {
    if (!file) return;
    setState({ status: 'loading' });
    try {
      const dataUrl = await dataUrlOf(file);
      setPreview(dataUrl);
      const form = new FormData();
      form.append('file', await facePng(dataUrl), 'face.png');
      if (store) form.append('storeCode', store);
      const answer = store ? await api.call(productRoutes.storeFrameSize, { body: form }) : await api.call(productRoutes.frameSize, { body: form });
      setState({ status: 'ready', result: answer.result });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, m.retry) });
    }
  };

  return (
    <div className="pdp-frame-size pdp-form">
      <p>{sizing.frameSizeIntro}</p>
      {store ? <p className="pdp-badge">{formatMessage(sizing.storeCode, { code: store })}</p> : null}
      <div className="pdp-field">
        <label htmlFor="pdp-face-photo">{sizing.photo}</label>
        <input id="pdp-face-photo" type="file" accept="image/*" capture="user" onChange={(e) => void measure(e.target.files?.[0])} />
      </div>
      {preview ? <img src={preview} alt="" width={FACE_WIDTH} height={FACE_HEIGHT} /> : null}
      {state.status === 'loading' ? <p role="status">{sizing.measuring}</p> : null}
      {state.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <div role="status">
          <h2>{formatMessage(sizing.yourSize, { size: m[state.result.frameSize] })}</h2>
          {state.result.faceWidthMm ? <p className="pdp-muted">{formatMessage(sizing.faceWidth, { mm: Math.round(state.result.faceWidthMm) })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
