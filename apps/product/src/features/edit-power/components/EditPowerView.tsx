import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf, productRoutes, type Cart, type CartItem, type EyePower, type PowerType } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { useProductApi, useProductQuery } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { editPowerMessages } from '../messages';
import { usePowerOptions } from '../../buy/api';
import { PowerForm } from '../../buy/components/PowerForm';
import { checkPowers, cleanEye, hasErrors, withPower, type Eye, type PowerErrors } from '../../buy/power-rules';
import '../../../app/product.css';

/** account §8: power update toasts last 7000 ms. */
export const POWER_TOAST_MS = 7000;
const POWER_TYPES: PowerType[] = ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'SUNGLASSES', 'CONTACT_LENS'];

export const powerTypeOf = (item: CartItem): PowerType | null => {
  const type = item.prescription?.powerType ?? item.lensType;
  return POWER_TYPES.includes(type as PowerType) ? (type as PowerType) : null;
};

/** The cart items whose power can be edited, as links (or why there is none). */
function ItemChoice({ cart, itemId }: { cart: Cart; itemId: number }) {
  const powerText = useMessages(editPowerMessages);
  const editable = cart.items.filter((i) => powerTypeOf(i));
  if (editable.length === 0) return <p>{itemId ? powerText.editPowerNoItem : powerText.editPowerNone}</p>;
  return (
    <div>
      <p>{itemId ? powerText.editPowerNoItem : powerText.editPowerChoose}</p>
      <ul>
        {editable.map((i) => (
          <li key={i.id}>
            <Link to={`/editpower/options/view?itemId=${i.id}`}>{formatMessage(powerText.editPowerFor, { name: i.name })}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Edit power: change the power of an item already in the cart (`?itemId=`). The item count does
 * not change, so no `cart/changed`: a toast says how it went.
 */
export default function EditPowerView() {
  const m = useMessages(pageMessages);
  const powerText = useMessages(editPowerMessages);
  const dispatch = useDispatch();
  const api = useProductApi();
  const itemId = Number(new URLSearchParams(useLocation().search).get('itemId'));
  const loaded = useProductQuery(productRoutes.cart);
  const [updated, setUpdated] = useState<Cart | null>(null);
  const [powers, setPowers] = useState<Record<Eye, EyePower>>({ right: {}, left: {} });
  const [errors, setErrors] = useState<PowerErrors>({});
  const [saving, setSaving] = useState(false);
  const cart = updated ?? (loaded.status === 'ready' ? loaded.data?.result : undefined);
  const item = cart?.items.find((i) => i.id === itemId);
  const powerType = item ? powerTypeOf(item) : null;
  const { options } = usePowerOptions(item?.productId ?? 0, powerType, !!item && !!powerType);

  // The item's saved power is where the form starts.
  useEffect(() => {
    if (item && powerType) setPowers({ right: item.prescription?.right ?? {}, left: item.prescription?.left ?? {} });
  }, [item, powerType]);

  if (loaded.status === 'failed' && !updated) return <p role="alert">{m.retry}</p>;
  if (!cart) return <SkeletonGrid rows={1} label={powerText.loadingCart} />;
  if (!item || !powerType) return <ItemChoice cart={cart} itemId={itemId} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkPowers(powerType, powers);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      const answer = await api.call(productRoutes.updateCartItem, {
        params: { itemId: item.id },
        body: { prescription: { powerType, right: cleanEye(powers.right), left: cleanEye(powers.left) } },
      });
      setUpdated(answer.result);
      dispatch(toastShow({ message: powerText.powerUpdated, timeout: POWER_TOAST_MS, success: true }));
    } catch (error) {
      dispatch(toastShow({ message: messageOf(error, powerText.powerUpdateFailed), timeout: POWER_TOAST_MS, error: true }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pdp-form" onSubmit={submit} noValidate>
      <h2>{formatMessage(powerText.editPowerFor, { name: item.name })}</h2>
      {options ? (
        <PowerForm
          options={options}
          value={powers}
          errors={errors}
          contact={powerType === 'CONTACT_LENS'}
          onChange={(eye, field, value) => setPowers((p) => withPower(p, eye, field, value))}
        />
      ) : (
        <SkeletonGrid rows={1} label={m.siteName} />
      )}
      <button type="submit" className="ui-button" disabled={saving || !options}>
        {powerText.savePower}
      </button>
    </form>
  );
}
