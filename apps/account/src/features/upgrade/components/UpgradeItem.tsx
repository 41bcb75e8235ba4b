import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed } from '../../../app/form';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { useUpgradeApi, useUpgradeOptions } from '../api';
import { upgradeMessages } from '../messages';
import { PackageChoice } from './PackageChoice';
import { PayDifference } from './PayDifference';

/** /lens-package-upgrade/{orderId}/{itemId}: dearer packages with the price difference, and paying it. */
export function UpgradeItem({ orderId, itemId }: { orderId: number; itemId: number }) {
  const m = useMessages(upgradeMessages);
  const items = useUpgradeApi();
  const dispatch = useDispatch();
  const options = useUpgradeOptions(orderId, itemId);
  const [due, setDue] = useState<{ paymentOrderId: number; amount: number; packageId: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (done) {
    return (
      <div className="acc-card">
        <p role="status" className="acc-success">
          {done}
        </p>
        <Link to={`/sales/order/history/order-detail/${orderId}`}>{m.backToOrder}</Link>
      </div>
    );
  }
  if (options.status === 'failed') return <LoadFailed message={messageOf(options.error, m.somethingWrong)} retry={m.retry} onRetry={options.reload} />;
  if (!options.data) return <SkeletonGrid rows={3} label={m.loading} />;
  const data = options.data.result;
  const pending =
    due ?? (data.pending ? { paymentOrderId: data.pending.paymentOrderId, amount: data.pending.amountDue, packageId: data.pending.toPackageId } : null);

  /** Applies the chosen (or just paid) package; a dearer one first asks for its difference. */
  async function applyPackage(packageId: number) {
    setFailure(null);
    try {
      const from = data.currentPackageId;
      const answer = from !== undefined ? await items.upgradePackage(orderId, itemId, from, packageId) : await items.updatePackage(orderId, itemId, packageId);
      const r = answer.result;
      if (r.status === 'PAYMENT_PENDING' && r.paymentOrderId) {
        setDue({ paymentOrderId: r.paymentOrderId, amount: r.amountDue, packageId });
        return;
      }
      // The spec's toast says it once; the page says what the lenses are now, in other words
      // (issue 42: a package the list did not name, such as a power type change's, was
      // "Package updated successfully" on the page and in the toast).
      dispatch(toastShow({ message: m.packageUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      const name = r.item.packageName ?? data.packages.find((p) => p.id === packageId)?.name;
      setDone(name ? formatMessage(m.upgraded, { name }) : m.lensesChanged);
    } catch (error) {
      const message = messageOf(error, m.packageUpdateFailed);
      setFailure(message);
      dispatch(toastShow({ message, timeout: UPDATE_TOAST_MS, error: true }));
    }
  }

  return (
    <div className="acc-upgrade">
      {pending ? (
        <PayDifference
          paymentOrderId={pending.paymentOrderId}
          amount={pending.amount}
          currencyCode={data.currencyCode}
          onPaid={() => applyPackage(pending.packageId)}
        />
      ) : data.packages.length === 0 ? (
        <p>{m.noUpgrade}</p>
      ) : (
        <PackageChoice packages={data.packages} currencyCode={data.currencyCode} onChoose={applyPackage} />
      )}
      <FormError message={failure} />
      <p>
        <Link to={`/sales/order/history/order-detail/${orderId}`}>{m.backToOrder}</Link>
      </p>
    </div>
  );
}
