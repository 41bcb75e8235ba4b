import type { Dispatch } from '@reduxjs/toolkit';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ApiError,
  productRoutes,
  type AddToCart,
  type EyePower,
  type LensPackage,
  type PackageGroup,
  type PowerOptions,
  type PowerType,
  type Product,
} from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useCountry } from '@eyewear/i18n';
import { Dialog, SkeletonGrid } from '@eyewear/ui';
import { productApi } from '../../app/api';
import type { PageMessages } from '../../app/page-messages';
import { powerTypesFor, pricesOfProduct } from '../product/rules';
import { productPageActions as a, type ProductPageState } from '../product/state';
import { checkPowers, cleanEye, hasErrors, type Eye, type PowerErrors } from './power-rules';
import { PowerForm } from './PowerForm';

type Choice = Exclude<PowerType, 'CONTACT_LENS'> | 'FRAME_ONLY';
type PowerMode = 'now' | 'later' | 'upload';
const EMPTY: Record<Eye, EyePower> = { right: {}, left: {} };

interface Props {
  product: Product;
  sunglasses: boolean;
  cart: ProductPageState['cart'];
  dispatch: Dispatch;
  m: PageMessages;
  onClose(): void;
}

/** Buying a frame with lenses: power type, lens package, coating (live total), then the power. */
export default function LensFlow({ product, sunglasses, cart, dispatch, m, onClose }: Props) {
  const country = useCountry();
  const api = productApi(country);
  const session = useLatestEvent('session/changed');
  const types: Choice[] = sunglasses ? ['SUNGLASSES'] : powerTypesFor(product);
  const [step, setStep] = useState<'type' | 'package' | 'power'>(sunglasses ? 'package' : 'type');
  const [powerType, setPowerType] = useState<Choice>(types[0]!);
  const [all, setAll] = useState(false);
  const [expressOnly, setExpressOnly] = useState(false);
  const [packages, setPackages] = useState<{ status: 'loading' | 'success' | 'failed'; list: LensPackage[]; error?: string }>({ status: 'loading', list: [] });
  const [packageId, setPackageId] = useState<number | null>(null);
  const [coatingId, setCoatingId] = useState<number | null>(null);
  const [group, setGroup] = useState<PackageGroup | null>(null);
  const [mode, setMode] = useState<PowerMode>('now');
  const [options, setOptions] = useState<PowerOptions | null>(null);
  const [powers, setPowers] = useState(EMPTY);
  const [errors, setErrors] = useState<PowerErrors>({});
  const [upload, setUpload] = useState<{ status: 'idle' | 'sending' | 'done' | 'failed'; fileName?: string; message?: string }>({ status: 'idle' });
  const [gold, setGold] = useState(false);
  const { selling } = pricesOfProduct(product);
  const currency = selling.currencyCode;

  useEffect(() => {
    dispatch(a.addReset());
  }, [dispatch]);
  useEffect(() => {
    if (cart.status === 'success') onClose();
  }, [cart.status, onClose]);

  // Packages for the power type (and options); the first is chosen.
  useEffect(() => {
    if (step !== 'package' || powerType === 'FRAME_ONLY') return;
    let live = true;
    setPackages((p) => ({ ...p, status: 'loading' }));
    api
      .call(productRoutes.packages, {
        params: { id: product.id },
        query: {
          power_type: powerType,
          ...(product.frameType ? { frame_type: product.frameType } : {}),
          ...(expressOnly ? { is_express: true } : {}),
          ...(all ? { allPackages: true } : {}),
        },
      })
      .then(
        (answer) => {
          if (!live) return;
          setPackages({ status: 'success', list: answer.result.packages });
          setPackageId((current) => (answer.result.packages.some((p) => p.id === current) ? current : (answer.result.packages[0]?.id ?? null)));
        },
        (error: unknown) => live && setPackages({ status: 'failed', list: [], error: error instanceof ApiError ? error.message : m.retry }),
      );
    return () => {
      live = false;
    };
  }, [api, step, powerType, all, expressOnly, product.id, product.frameType, m.retry]);

  // The price of the package and coating, from the API (money is computed there).
  useEffect(() => {
    if (!packageId) {
      setGroup(null);
      return;
    }
    let live = true;
    api.call(productRoutes.packageGroup, { params: { id: product.id }, query: { packageId, ...(coatingId ? { coatingId } : {}) } }).then(
      (answer) => live && setGroup(answer.result),
      () => live && setGroup(null),
    );
    return () => {
      live = false;
    };
  }, [api, packageId, coatingId, product.id]);

  useEffect(() => {
    if (step !== 'power' || powerType === 'FRAME_ONLY' || powerType === 'ZERO_POWER') return;
    let live = true;
    api.call(productRoutes.powers, { params: { id: product.id }, query: { power_type: powerType } }).then(
      (answer) => live && setOptions(answer.result),
      () => live && setOptions(null),
    );
    return () => {
      live = false;
    };
  }, [api, step, powerType, product.id]);

  const chosen = packages.list.find((p) => p.id === packageId) ?? null;
  const adding = cart.status === 'loading';
  const offerGold = product.classification === 'eyeframe' && !session?.isLoyalty;

  const add = (extra: { packageId?: number; coatingId?: number; powerType?: PowerType; prescription?: AddToCart['prescription']; powerLater?: boolean }) => {
    dispatch(
      a.addRequested({
        kind: extra.packageId ? 'package' : 'plain',
        gold: offerGold && gold,
        body: { productId: product.id, quantity: 1, ...(product.frameSizeId ? { frameSizeId: product.frameSizeId as never } : {}), ...extra },
      }),
    );
  };

  const submitType = (e: FormEvent) => {
    e.preventDefault();
    if (powerType === 'FRAME_ONLY') add({});
    else setStep('package');
  };
  const submitPackage = (e: FormEvent) => {
    e.preventDefault();
    if (!packageId) return;
    if (powerType === 'ZERO_POWER') add({ packageId, ...(coatingId ? { coatingId } : {}), powerType });
    else setStep('power');
  };
  const submitPower = (e: FormEvent) => {
    e.preventDefault();
    if (!packageId || powerType === 'FRAME_ONLY') return;
    const base = { packageId, ...(coatingId ? { coatingId } : {}), powerType };
    if (mode === 'later') return add({ ...base, powerLater: true });
    if (mode === 'upload') {
      if (!upload.fileName) return;
      return add({ ...base, prescription: { powerType, left: {}, right: {}, imageFileName: upload.fileName } });
    }
    const found = checkPowers(powerType, powers, m);
    setErrors(found);
    if (hasErrors(found)) return;
    add({ ...base, prescription: { powerType, right: cleanEye(powers.right), left: cleanEye(powers.left) } });
  };

  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ status: 'sending' });
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await api.call(productRoutes.uploadPrescriptionImage, { body: form });
      setUpload({ status: 'done', fileName: answer.result.fileName });
    } catch (error) {
      setUpload({ status: 'failed', message: error instanceof ApiError ? error.message : m.retry });
    }
  };

  const total = group ? formatPrice(group.total, group.currencyCode) : formatPrice(selling.price, currency);
  const stepNumber = { type: 1, package: 2, power: 3 }[step] - (sunglasses ? 1 : 0);
  const steps = sunglasses ? 2 : 3;
  const failure =
    cart.status === 'failed' ? (
      <p role="alert" className="pdp-error">
        {cart.error}
      </p>
    ) : null;
  const goldBox = offerGold ? (
    <label className="pdp-check">
      <input type="checkbox" checked={gold} onChange={(e) => setGold(e.target.checked)} /> {m.gold}
    </label>
  ) : null;

  return (
    <Dialog title={m.lensTitle} onClose={onClose} closeLabel={m.close} size="large" testId="product-lens-flow">
      <p className="pdp-muted">{formatMessage(m.step, { n: stepNumber, total: steps })}</p>
      {step === 'type' ? (
        <form onSubmit={submitType} className="pdp-form">
          <fieldset>
            <legend>{m.powerTypeLegend}</legend>
            {types.map((type) => (
              <label key={type} className="pdp-option">
                <input type="radio" name="powerType" value={type} checked={powerType === type} onChange={() => setPowerType(type)} />
                <span>
                  <strong>{m[type]}</strong> <span className="pdp-muted">{m[`${type}_hint`]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {powerType === 'FRAME_ONLY' ? goldBox : null}
          {failure}
          <button type="submit" className="ui-button" disabled={adding}>
            {powerType === 'FRAME_ONLY' ? (adding ? m.adding : m.addToCart) : m.next}
          </button>
        </form>
      ) : null}

      {step === 'package' ? (
        <form onSubmit={submitPackage} className="pdp-form">
          <fieldset>
            <legend>{m.packageLegend}</legend>
            <label className="pdp-check">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> {m.allPackages}
            </label>
            <label className="pdp-check">
              <input type="checkbox" checked={expressOnly} onChange={(e) => setExpressOnly(e.target.checked)} /> {m.expressOnly}
            </label>
            {packages.status === 'loading' ? <SkeletonGrid rows={1} label={m.loadingPackages} /> : null}
            {packages.status === 'failed' ? (
              <p role="alert" className="pdp-error">
                {packages.error}
              </p>
            ) : null}
            {packages.status === 'success' && packages.list.length === 0 ? <p>{m.noPackages}</p> : null}
            {packages.status === 'success'
              ? packages.list.map((p) => (
                  <label key={p.id} className="pdp-option">
                    <input
                      type="radio"
                      name="package"
                      value={p.id}
                      checked={packageId === p.id}
                      onChange={() => {
                        setPackageId(p.id);
                        setCoatingId(null);
                      }}
                    />
                    <span>
                      <strong>{p.name}</strong> {formatPrice(p.prices[0]!.price, p.prices[0]!.currencyCode)}{' '}
                      {p.expressAvailable ? <span className="pdp-badge">{m.express}</span> : null}
                      <br />
                      <span className="pdp-muted">{p.description}</span>
                    </span>
                  </label>
                ))
              : null}
          </fieldset>
          {chosen && chosen.coatings.length > 0 ? (
            <fieldset>
              <legend>{m.coatingLegend}</legend>
              <label className="pdp-option">
                <input type="radio" name="coating" checked={coatingId === null} onChange={() => setCoatingId(null)} /> {m.noCoating}
              </label>
              {chosen.coatings.map((c) => (
                <label key={c.id} className="pdp-option">
                  <input type="radio" name="coating" value={c.id} checked={coatingId === c.id} onChange={() => setCoatingId(c.id)} /> {c.name} +
                  {formatPrice(c.prices[0]!.price, c.prices[0]!.currencyCode)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <p className="pdp-total" aria-live="polite">
            {formatMessage(m.total, { price: total })}
          </p>
          {powerType === 'ZERO_POWER' ? goldBox : null}
          {failure}
          <div className="pdp-actions">
            {!sunglasses ? (
              <button type="button" className="ui-button ui-button--link" onClick={() => setStep('type')}>
                {m.back}
              </button>
            ) : null}
            <button type="submit" className="ui-button" disabled={!packageId || adding}>
              {powerType === 'ZERO_POWER' ? (adding ? m.adding : m.addToCart) : m.next}
            </button>
          </div>
        </form>
      ) : null}

      {step === 'power' ? (
        <form onSubmit={submitPower} className="pdp-form" noValidate>
          <fieldset>
            <legend>{m.powerLegend}</legend>
            {(['now', 'later', 'upload'] as const).map((value) => (
              <label key={value} className="pdp-option">
                <input type="radio" name="powerMode" value={value} checked={mode === value} onChange={() => setMode(value)} />{' '}
                {value === 'now' ? m.powerNow : value === 'later' ? m.powerLater : m.powerUpload}
              </label>
            ))}
          </fieldset>
          {mode === 'now' ? (
            options ? (
              <PowerForm
                options={options}
                value={powers}
                errors={errors}
                m={m}
                onChange={(eye, field, value) => setPowers((p) => ({ ...p, [eye]: { ...p[eye], [field]: value } }))}
              />
            ) : (
              <SkeletonGrid rows={1} label={m.siteName} />
            )
          ) : null}
          {mode === 'later' ? <p className="pdp-muted">{m.powerLaterHint}</p> : null}
          {mode === 'upload' ? (
            <div className="pdp-field">
              <label htmlFor="pdp-upload">{m.uploadFile}</label>
              <input
                id="pdp-upload"
                type="file"
                accept="image/png,image/jpeg,image/webp,application/pdf"
                onChange={(e) => void uploadFile(e.target.files?.[0])}
              />
              {upload.status === 'sending' ? <span role="status">{m.uploading}</span> : null}
              {upload.status === 'done' ? <span role="status">{formatMessage(m.uploaded, { name: upload.fileName ?? '' })}</span> : null}
              {upload.status === 'failed' ? (
                <span role="alert" className="pdp-error">
                  {upload.message}
                </span>
              ) : null}
            </div>
          ) : null}
          <p className="pdp-total">{formatMessage(m.total, { price: total })}</p>
          {goldBox}
          {failure}
          <div className="pdp-actions">
            <button type="button" className="ui-button ui-button--link" onClick={() => setStep('package')}>
              {m.back}
            </button>
            <button type="submit" className="ui-button" disabled={adding || (mode === 'upload' && upload.status !== 'done')}>
              {adding ? m.adding : m.addToCart}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
