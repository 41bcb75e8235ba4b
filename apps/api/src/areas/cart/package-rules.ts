import { type PowerType } from '@eyewear/api-client';
import { badRequest, unprocessable } from '../../http/errors';
import { type Tx } from '../area';
import { type CartRow } from './pricing';

/** A lens package and its coating, as named by an add or an update: both must exist, the coating of that package. */
export async function checkPackage(db: Tx, packageId?: number, coatingId?: number) {
  if (packageId !== undefined) {
    const [pkg] = await db.query('select id from lens_packages where id = $1', [packageId]);
    if (!pkg) throw badRequest('Unknown lens package', 'packageId');
  }
  if (coatingId !== undefined) {
    if (packageId === undefined) throw badRequest('A coating needs its lens package', 'coatingId');
    const [coating] = await db.query('select id from coatings where id = $1 and package_id = $2', [coatingId, packageId]);
    if (!coating) throw badRequest('Unknown coating for this lens package', 'coatingId');
  }
}

const PACKAGE_POWER_TYPES: Record<string, PowerType[]> = {
  eyeframe: ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER'],
  sunglasses: ['SUNGLASSES'],
};

/**
 * A package change from the cart ("update item (package)"): the item must take lenses (a frame
 * or sunglasses), and the package must be of a power type the product takes (the one asked, if
 * any), fit its frame type and be sold in the cart's country. Answers the package's power type.
 */
export async function packageFitting(db: Tx, cart: CartRow, itemId: number, packageId: number, powerType?: PowerType): Promise<{ powerType: PowerType }> {
  const [row] = await db.query<{ classification: string; frame_type: string | null; power_type: string; frame_types: string[]; has_price: boolean }>(
    `select p.classification, p.data->>'frameType' as frame_type, lp.power_type, lp.data->'frameTypes' as frame_types,
            exists (select 1 from jsonb_array_elements(lp.data->'prices') pr where pr->>'country' = $3) as has_price
       from cart_items ci join products p on p.id = ci.product_id, lens_packages lp
      where ci.id = $1 and lp.id = $2`,
    [itemId, packageId, cart.country],
  );
  if (!row) throw badRequest('Unknown lens package', 'packageId');
  const allowed = PACKAGE_POWER_TYPES[row.classification] ?? [];
  if (allowed.length === 0) throw unprocessable('This item takes no lens package', 'packageId');
  const packageType = row.power_type.toUpperCase() as PowerType;
  if (!allowed.includes(packageType) || (powerType !== undefined && powerType !== packageType)) {
    throw unprocessable('This lens package does not fit this item', 'packageId');
  }
  if (row.frame_type && !row.frame_types.includes(row.frame_type)) throw unprocessable('This lens package does not fit this frame', 'packageId');
  if (!row.has_price) throw unprocessable('This lens package is not sold in your country', 'packageId');
  return { powerType: packageType };
}
