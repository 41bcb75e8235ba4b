import { messageOf, type RefundMethod } from '@eyewear/api-client';
import { type QueryState } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';

type Messages = typeof sectionMessages.defaults;
type Methods = QueryState<{ result: { methods: RefundMethod[] } }>;

/** The methods a refund can take, as the API offers them for the item (each says when its money moves). */
export const enabledMethods = (methods: Methods) => methods.data?.result.methods.filter((r) => r.enabled) ?? [];

/**
 * The refund's method, asked before the return is made (issue 42: the return was made first and
 * the method asked after), with the amount the ledger would give back and, for each method,
 * when its money moves, in the API's words.
 */
export function RefundMethodField({
  methods,
  amount,
  chosen,
  onChoose,
}: {
  methods: Methods;
  amount: { value: number; currencyCode: string } | null;
  chosen: string;
  onChoose(method: RefundMethod['method']): void;
}) {
  const m = useMessages(sectionMessages);
  if (methods.status === 'failed') return <LoadFailed message={messageOf(methods.error, m.somethingWrong)} retry={m.retry} onRetry={methods.reload} />;
  if (!methods.data) return <SkeletonGrid rows={1} label={m.loading} />;
  return (
    <fieldset>
      <legend>{m.refundMethod}</legend>
      {amount ? <p>{formatMessage(m.refundEstimate, { amount: formatPrice(amount.value, amount.currencyCode) })}</p> : null}
      {enabledMethods(methods).map((r) => (
        <label key={r.method} className="acc-radio">
          <input type="radio" name="refundMethod" value={r.method} checked={chosen === r.method} onChange={() => onChoose(r.method)} />
          {r.label}
          {r.description ? <small> ({r.description})</small> : null}
        </label>
      ))}
    </fieldset>
  );
}

/** What a refund chosen with the return will be: its amount, its method and when it is paid. */
export function refundNote(m: Messages, method: RefundMethod | undefined, amount: { value: number; currencyCode: string } | null): string | null {
  if (!method) return null;
  const words = { method: m[`refundMethod_${method.method}`], when: method.description ?? '' };
  return amount ? formatMessage(m.refundChosen, { ...words, amount: formatPrice(amount.value, amount.currencyCode) }) : formatMessage(m.refundChosenBy, words);
}

/**
 * What an exchange for the same product sends (issue 42: it said nothing of the replacement):
 * the same frame in its size and colour, with the same lenses and power, and when it leaves.
 */
export function replacementNote(m: Messages, item: Pick<OrderItem, 'name' | 'packageName'>, mode: string): string {
  const lenses = item.packageName ? formatMessage(m.replacementLenses, { package: item.packageName }) : m.replacementAsBought;
  const when = mode === 'pickup' ? m.replacementWhen_pickup : m.replacementWhen_other;
  return `${formatMessage(m.replacementWhat, { name: item.name, lenses })} ${when}`;
}
