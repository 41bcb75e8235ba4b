import { randomBytes } from 'node:crypto';
import { type Refund } from '@eyewear/api-client';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { queueRefundIssued } from '../../messages/after-sales-messages';
import { type Tx } from '../area';
import { type OrderRow } from './order-data';

/**
 * The one refund ledger of an order (docs/adr/021). Every path that gives money back writes
 * through `recordRefund`, inside a transaction that first took the order's row lock
 * (`lockOrder`): item and whole-order cancellation, a return's refund (pending until the goods
 * are back, return-progress.ts). What an item may still get back is `refundableFor`: its share
 * of what was actually paid, per way it was paid, minus the ledger lines already written for
 * it (pending ones included). So refunds never add up to more than was paid, however many
 * requests arrive at once.
 *
 * What was paid, per instrument:
 * - online: the order's successful payments that are not cash on delivery;
 * - cash: a cash-on-delivery order's total, once the cash was collected (the order was
 *   delivered); before that nothing was paid and nothing is refunded;
 * - sc, gv, wallet: store credit, gift voucher and wallet spent on the order (its discounts);
 *   they go back where they came from;
 * - lens: the paid payment orders that collected a lens change's difference for one item
 *   (account_lens_changes), that item's alone.
 * Each instrument but lens is shared over the items in proportion to their price (so the
 * discounts, offers and the shipping fee are spread too), in cents, rounded down, the item
 * with the highest id taking the remainder: the shares add up to exactly what was paid.
 */
export type Instrument = 'online' | 'cash' | 'sc' | 'gv' | 'wallet' | 'lens';
export type ChosenMethod = 'source' | 'storecredit' | 'neft';

export interface Line {
  itemId: number;
  instrument: Instrument;
  /** Rupees (or the order's currency), two decimals. */
  amount: number;
  /** The store credit or gift voucher code the money goes back to. */
  code?: string;
}

export interface RefundRow {
  id: number;
  order_id: number;
  item_id: number | null;
  return_id: number | null;
  method: Refund['method'];
  amount: number;
  currency: Refund['currencyCode'];
  status: Refund['status'];
  kind: string;
  created_at: Date | string;
}

/** Money as whole paise (cents): the ledger adds and compares in these, never in fractions. */
export const cents = (v: number | string) => Math.round(Number(v) * 100);
export const money = (c: number) => c / 100;
/** Instruments whose money goes the way the shopper chose (source, store credit, bank transfer). */
const CHOSEN: ReadonlySet<Instrument> = new Set(['online', 'cash', 'lens']);

/** Takes the order's row lock for the rest of the transaction: every money move on an order queues behind it. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.query<OrderRow>('select * from orders where id = $1 for update', [orderId]);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Whether a cash-on-delivery order's cash was collected: its payment settled or the order was delivered. */
async function cashCollected(tx: Tx, orderId: number): Promise<boolean> {
  const [row] = await tx.query<{ yes: boolean }>(
    `select exists (select 1 from order_payments where order_id = $1 and method = 'cod' and status = 'SUCCESS')
         or exists (select 1 from order_status_history where order_id = $1 and status = 'DELIVERED') as yes`,
    [orderId],
  );
  return row?.yes ?? false;
}

/** Splits an amount of cents over the items by weight: rounded down, the last item takes the remainder. */
export function prorate(totalCents: number, weights: readonly { itemId: number; weight: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  if (weights.length === 0 || totalCents <= 0) return out;
  const sorted = [...weights].sort((a, b) => a.itemId - b.itemId);
  const sum = sorted.reduce((s, w) => s + Math.max(0, w.weight), 0);
  let given = 0;
  sorted.forEach((w, index) => {
    if (index === sorted.length - 1) {
      out.set(w.itemId, totalCents - given);
      return;
    }
    const share = sum > 0 ? Math.floor((totalCents * Math.max(0, w.weight)) / sum) : Math.floor(totalCents / sorted.length);
    out.set(w.itemId, share);
    given += share;
  });
  return out;
}

/** What was paid for the order, per instrument, in cents (lens changes per item). */
export async function paidFor(tx: Tx, order: OrderRow) {
  const [online] = await tx.query<{ paid: number }>(
    `select coalesce(sum(amount), 0)::float as paid from order_payments where order_id = $1 and status = 'SUCCESS' and method <> 'cod'`,
    [order.id],
  );
  const instruments: { instrument: Instrument; cents: number; code?: string }[] = [{ instrument: 'online', cents: cents(online?.paid ?? 0) }];
  if (order.payment_method === 'cod' && (await cashCollected(tx, order.id))) instruments.push({ instrument: 'cash', cents: cents(order.total) });
  for (const d of order.discounts ?? []) {
    if (d.type === 'sc' || d.type === 'gv' || d.type === 'wallet')
      instruments.push({ instrument: d.type, cents: cents(d.amount), ...(d.code ? { code: d.code } : {}) });
  }
  const lens = await tx.query<{ item_id: number; paid: number }>(
    `select c.item_id, coalesce(sum(p.amount), 0)::float as paid
       from account_lens_changes c join order_payments p on p.order_id = c.payment_order_id and p.status = 'SUCCESS'
      where c.order_id = $1 group by c.item_id`,
    [order.id],
  );
  return { instruments, lens: lens.map((l) => ({ itemId: Number(l.item_id), cents: cents(l.paid) })) };
}

/** Each item's share of what was paid, per instrument (cents). */
export async function paidShares(tx: Tx, order: OrderRow): Promise<{ itemId: number; instrument: Instrument; cents: number; code?: string }[]> {
  const items = await tx.query<{ id: number; total: number }>('select id, total from order_items where order_id = $1 order by id', [order.id]);
  const weights = items.map((i) => ({ itemId: Number(i.id), weight: cents(i.total) }));
  const { instruments, lens } = await paidFor(tx, order);
  const shares: { itemId: number; instrument: Instrument; cents: number; code?: string }[] = [];
  for (const paid of instruments) {
    for (const [itemId, share] of prorate(paid.cents, weights)) {
      if (share > 0) shares.push({ itemId, instrument: paid.instrument, cents: share, ...(paid.code ? { code: paid.code } : {}) });
    }
  }
  for (const l of lens) if (l.cents > 0) shares.push({ itemId: l.itemId, instrument: 'lens', cents: l.cents });
  return shares;
}

/**
 * What the items may still get back: their shares minus the ledger's lines for them (every
 * refund not CANCELLED, pending ones included). Also never more, per instrument, than was paid
 * minus everything the ledger holds for the order (refunds written before the ledger had lines
 * count against the online payment). Call it after `lockOrder` in the same transaction.
 */
export async function refundableFor(tx: Tx, order: OrderRow, itemIds: readonly number[]): Promise<Line[]> {
  const wanted = new Set(itemIds.map(Number));
  const shares = await paidShares(tx, order);
  const taken = await tx.query<{ item_id: number; instrument: Instrument; amount: number }>(
    `select l.item_id, l.instrument, sum(l.amount)::float as amount from account_refund_lines l join account_refunds r on r.id = l.refund_id
      where l.order_id = $1 and r.status <> 'CANCELLED' group by l.item_id, l.instrument`,
    [order.id],
  );
  const [legacy] = await tx.query<{ amount: number }>(
    `select coalesce(sum(amount), 0)::float as amount from account_refunds r
      where r.order_id = $1 and r.status <> 'CANCELLED' and not exists (select 1 from account_refund_lines l where l.refund_id = r.id)`,
    [order.id],
  );
  const takenOf = (itemId: number, instrument: Instrument) =>
    cents(taken.find((t) => Number(t.item_id) === itemId && t.instrument === instrument)?.amount ?? 0);
  // What is left per instrument for the whole order (the cap).
  const left = new Map<Instrument, number>();
  for (const s of shares) left.set(s.instrument, (left.get(s.instrument) ?? 0) + s.cents);
  for (const t of taken) left.set(t.instrument, (left.get(t.instrument) ?? 0) - cents(t.amount));
  left.set('online', (left.get('online') ?? 0) - cents(legacy?.amount ?? 0));

  const lines: Line[] = [];
  for (const s of shares) {
    if (!wanted.has(s.itemId)) continue;
    const room = Math.max(0, left.get(s.instrument) ?? 0);
    const due = Math.min(room, s.cents - takenOf(s.itemId, s.instrument));
    if (due <= 0) continue;
    left.set(s.instrument, room - due);
    lines.push({ itemId: s.itemId, instrument: s.instrument, amount: money(due), ...(s.code ? { code: s.code } : {}) });
  }
  return lines;
}

export const totalOf = (lines: readonly Line[]) => money(lines.reduce((sum, l) => sum + cents(l.amount), 0));

/** Checks the way the shopper chose for the money that goes their chosen way (400 naming refundMethod). */
export function chosenMethod(order: OrderRow, lines: readonly Line[], asked: string | undefined): ChosenMethod | undefined {
  const chosen = lines.filter((l) => CHOSEN.has(l.instrument));
  if (chosen.length === 0) return undefined;
  const cash = chosen.some((l) => l.instrument === 'cash');
  const method = asked ?? (cash ? (order.customer_id !== null ? 'storecredit' : 'neft') : 'source');
  if (method !== 'source' && method !== 'storecredit' && method !== 'neft') throw badRequest('Please choose how to be refunded', 'refundMethod');
  if (method === 'storecredit' && order.customer_id === null) throw badRequest('Store credit needs an account', 'refundMethod');
  if (method === 'source' && cash) throw badRequest('Cash is not paid back to its source; please choose store credit or a bank transfer', 'refundMethod');
  return method;
}

/** Store credit issued as a refund lands in the cart area's store-credit tables, where checkout spends it. */
export async function issueStoreCredit(tx: Tx, customerId: number, currency: string, amount: number, orderId: number) {
  const code = `SC${randomBytes(5).toString('hex').toUpperCase()}`;
  await tx.query(`insert into store_credits (code, customer_id, currency, balance, expires_at) values ($1, $2, $3, $4, now() + interval '365 days')`, [
    code,
    customerId,
    currency,
    amount,
  ]);
  await tx.query(`insert into store_credit_entries (code, order_id, amount, reason) values ($1, $2, $3, 'refund')`, [code, orderId, amount]);
  return code;
}

/**
 * Writes refunds for these lines: one ledger row per way the money goes back (the shopper's
 * chosen method for what was paid online, in cash or for a lens change; store credit, gift
 * voucher and wallet to themselves), each with its lines. `pending` rows wait for a return's
 * goods (`payRefund` later); the others are paid at once. Returns the rows written.
 */
export async function recordRefund(
  tx: Tx,
  order: OrderRow,
  lines: readonly Line[],
  options: { method?: ChosenMethod; kind: 'cancel' | 'return'; returnId?: number; itemId?: number; pending?: boolean },
): Promise<RefundRow[]> {
  const groups = new Map<string, { method: Refund['method']; lines: Line[] }>();
  for (const line of lines) {
    if (line.amount <= 0) continue;
    let key: string;
    let method: Refund['method'];
    if (CHOSEN.has(line.instrument)) {
      if (!options.method) throw new HttpError(500, 'A refund needs a method', undefined, 'INTERNAL');
      key = `chosen:${options.method}`;
      method = options.method;
    } else if (line.instrument === 'sc') {
      key = `sc:${line.code ?? ''}`;
      method = 'storecredit';
    } else if (line.instrument === 'gv') {
      key = `gv:${line.code ?? ''}`;
      method = 'giftvoucher';
    } else {
      key = 'wallet';
      method = 'wallet';
    }
    const group = groups.get(key) ?? { method, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const written: RefundRow[] = [];
  for (const group of groups.values()) {
    const [row] = await tx.query<RefundRow>(
      `insert into account_refunds (order_id, item_id, return_id, method, amount, currency, status, kind) values ($1, $2, $3, $4, $5, $6, 'PENDING', $7) returning *`,
      [order.id, options.itemId ?? null, options.returnId ?? null, group.method, totalOf(group.lines), order.currency, options.kind],
    );
    for (const line of group.lines) {
      await tx.query('insert into account_refund_lines (refund_id, order_id, item_id, instrument, code, amount) values ($1, $2, $3, $4, $5, $6)', [
        row!.id,
        order.id,
        line.itemId,
        line.instrument,
        line.code ?? null,
        line.amount,
      ]);
    }
    written.push(options.pending ? row! : await payRefund(tx, order, row!.id));
  }
  return written;
}

/**
 * Moves a PENDING refund's money (once: a conditional update claims it): store credit is
 * issued or given back, a gift voucher or wallet balance restored (COMPLETED); a refund to
 * the source or a bank account is handed to the (simulated) gateway (INITIATED).
 */
export async function payRefund(tx: Tx, order: OrderRow, refundId: number): Promise<RefundRow> {
  const [claimed] = await tx.query<RefundRow>(
    `update account_refunds set status = case when method in ('source', 'neft', 'upi') then 'INITIATED' else 'COMPLETED' end, paid_at = now()
      where id = $1 and status = 'PENDING' returning *`,
    [refundId],
  );
  if (!claimed) {
    const [row] = await tx.query<RefundRow>('select * from account_refunds where id = $1', [refundId]);
    return row!;
  }
  const lines = await tx.query<{ instrument: Instrument; code: string | null; amount: number }>(
    'select instrument, code, amount from account_refund_lines where refund_id = $1 order by id',
    [refundId],
  );
  let chosenCredit = 0;
  for (const line of lines) {
    const amount = Number(line.amount);
    if (line.instrument === 'sc' && line.code) {
      // Back to the same code; a refund never lands on a code about to expire.
      await tx.query(`update store_credits set balance = balance + $2, expires_at = greatest(expires_at, now() + interval '90 days') where code = $1`, [
        line.code,
        amount,
      ]);
      await tx.query(`insert into store_credit_entries (code, order_id, amount, reason) values ($1, $2, $3, 'refund')`, [line.code, order.id, amount]);
    } else if (line.instrument === 'gv' && line.code) {
      await tx.query(`update gift_vouchers set balance = balance + $2, expires_at = greatest(expires_at, now() + interval '90 days') where code = $1`, [
        line.code,
        amount,
      ]);
    } else if (line.instrument === 'wallet' && order.customer_id !== null) {
      await tx.query(
        `insert into wallets (customer_id, currency, balance) values ($1, $2, $3) on conflict (customer_id) do update set balance = wallets.balance + excluded.balance`,
        [order.customer_id, order.currency, amount],
      );
    } else if (CHOSEN.has(line.instrument) && claimed.method === 'storecredit') {
      chosenCredit += cents(amount);
    }
  }
  const issued = chosenCredit > 0 ? await issueStoreCredit(tx, order.customer_id!, order.currency, money(chosenCredit), order.id) : null;
  await queueRefundIssued(tx, claimed, issued);
  return claimed;
}

export const presentRefund = (row: RefundRow): Refund => ({
  refundId: row.id,
  orderId: row.order_id,
  itemId: row.item_id ?? undefined,
  method: row.method,
  amount: Number(row.amount),
  currencyCode: row.currency,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.kind === 'cancel' || row.kind === 'return' ? { kind: row.kind } : {}),
});
