import { type Tx } from '../area';

/** What one line of an order is written with (order_items). */
export interface OrderItemValues {
  productId: number;
  name: string;
  sku: string;
  brandName: string;
  classification: string;
  thumbnail: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  options: unknown;
  packageId: number | null;
  coatingId: number | null;
  powerType: string | null;
  prescription: unknown;
  powerSubmission: string | null | undefined;
}

/**
 * Writes one line of an order, PROCESSING, in the caller's transaction: a placed order's lines and
 * a same-product exchange's replacement (account/replacement.ts) go through this one statement.
 * Returns the line's id.
 */
export async function insertOrderItem(tx: Tx, orderId: number, item: OrderItemValues): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into order_items (order_id, product_id, name, sku, brand_name, classification, thumbnail, quantity, unit_price, total, options,
        package_id, coating_id, power_type, prescription, power_submission, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'PROCESSING') returning id`,
    [
      orderId,
      item.productId,
      item.name,
      item.sku,
      item.brandName,
      item.classification,
      item.thumbnail,
      item.quantity,
      item.unitPrice,
      item.total,
      item.options === null || item.options === undefined ? null : JSON.stringify(item.options),
      item.packageId,
      item.coatingId,
      item.powerType,
      item.prescription === null || item.prescription === undefined ? null : JSON.stringify(item.prescription),
      item.powerSubmission ?? null,
    ],
  );
  return row!.id;
}
