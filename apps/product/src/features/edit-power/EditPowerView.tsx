import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { ApiError, productRoutes, type Cart, type CartItem, type EyePower, type PowerOptions, type PowerType } from '@eyewear/api-client';
import { cartChanged, toastShow } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { productApi } from '../../app/api';
import { pageMessages } from '../../app/page-messages';
import { checkPowers, cleanEye, hasErrors, type Eye, type PowerErrors } from '../buy/power-rules';
import { PowerForm } from '../buy/PowerForm';
import '../product/product.css';

/** account §8: power update toasts last 7000 ms. */
export const POWER_TOAST_MS = 7000;
const POWER_TYPES: PowerType[] = ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'SUNGLASSES', 'CONTACT_LENS'];

export const powerTypeOf = (item: CartItem): PowerType | null => {
  const type = item.prescription?.powerType ?? item.lensType;
  return POWER_TYPES.includes(type as PowerType) ? (type as PowerType) : null;
};

/** Edit power: change the power of an item already in the cart (`?itemId=`). */
export default function EditPowerView() {
  const m = useMessages(pageMessages);
  const country = useCountry();
  const dispatch = useDispatch();
  const itemId = Number(new URLSearchParams(useLocation().search).get('itemId'));
  const [cart, setCart] = useState<Cart | null | 'failed'>(null);
  const [options, setOptions] = useState<PowerOptions | null>(null);
  const [powers, setPowers] = useState<Record<Eye, EyePower>>({ right: {}, left: {} });
  const [errors, setErrors] = useState<PowerErrors>({});
  const [saving, setSaving] = useState(false);
  const api = productApi(country);
  const item = cart && cart !== 'failed' ? cart.items.find((i) => i.id === itemId) : undefined;
  const powerType = item ? powerTypeOf(item) : null;

  useEffect(() => {
    let live = true;
    api.call(productRoutes.cart).then(
      (answer) => live && setCart(answer.result),
      () => live && setCart('failed'),
    );
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    if (!item || !powerType) return;
    setPowers({ right: item.prescription?.right ?? {}, left: item.prescription?.left ?? {} });
    let live = true;
    api.call(productRoutes.powers, { params: { id: item.productId }, query: powerType === 'CONTACT_LENS' ? {} : { power_type: powerType } }).then(
      (answer) => live && setOptions(answer.result),
      () => live && setOptions(null),
    );
    return () => {
      live = false;
    };
  }, [api, item, powerType]);

  if (cart === null) return <SkeletonGrid rows={1} label={m.loadingCart} />;
  if (cart === 'failed') return <p role="alert">{m.retry}</p>;
  if (!item || !powerType) {
    const editable = cart.items.filter((i) => powerTypeOf(i));
    if (editable.length === 0) return <p>{itemId ? m.editPowerNoItem : m.editPowerNone}</p>;
    return (
      <div>
        <p>{itemId ? m.editPowerNoItem : m.editPowerChoose}</p>
        <ul>
          {editable.map((i) => (
            <li key={i.id}>
              <Link to={`/editpower/options/view?itemId=${i.id}`}>{formatMessage(m.editPowerFor, { name: i.name })}</Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkPowers(powerType, powers, m);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      const answer = await api.call(productRoutes.updateCartItem, {
        params: { itemId: item.id },
        body: { prescription: { powerType, right: cleanEye(powers.right), left: cleanEye(powers.left) } },
      });
      setCart(answer.result);
      dispatch(cartChanged({ count: answer.result.itemsQty }));
      dispatch(toastShow({ message: m.powerUpdated, timeout: POWER_TOAST_MS, success: true }));
    } catch (error) {
      dispatch(toastShow({ message: error instanceof ApiError ? error.message : m.powerUpdateFailed, timeout: POWER_TOAST_MS, error: true }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pdp-form" onSubmit={submit} noValidate>
      <h2>{formatMessage(m.editPowerFor, { name: item.name })}</h2>
      {options ? (
        <PowerForm
          options={options}
          value={powers}
          errors={errors}
          m={m}
          contact={powerType === 'CONTACT_LENS'}
          onChange={(eye, field, value) => setPowers((p) => ({ ...p, [eye]: { ...p[eye], [field]: value } }))}
        />
      ) : (
        <SkeletonGrid rows={1} label={m.siteName} />
      )}
      <button type="submit" className="ui-button" disabled={saving || !options}>
        {m.savePower}
      </button>
    </form>
  );
}
