import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { HttpError } from '../../http/errors';

const { product } = areaEndpoints;

// A barcode is an EAN-13: 890, the product id on nine digits, a check digit.
function checkDigit(twelve: string): number {
  const sum = [...twelve].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export function barcodeOf(productId: number): string {
  const twelve = `890${String(productId).padStart(9, '0')}`;
  return `${twelve}${checkDigit(twelve)}`;
}

export function productIdOfBarcode(barcode: string): number | null {
  if (!/^890\d{10}$/.test(barcode)) return null;
  if (checkDigit(barcode.slice(0, 12)) !== Number(barcode[12])) return null;
  const id = Number(barcode.slice(3, 12));
  return id > 0 ? id : null;
}

/** The barcode lookup: the product of an EAN-13 (404 for a code of no product). */
export function barcodeRoutes(app: FastifyInstance, _db: Database) {
  route(app, product.barcode, async ({ query, db }) => {
    const productId = productIdOfBarcode(query.barCodeId);
    if (productId === null) throw new HttpError(404, 'No product has this barcode', 'barCodeId', 'NOT_FOUND');
    const [row] = await db.query<{ id: number }>('select id from products where id = $1', [productId]);
    if (!row) throw new HttpError(404, 'No product has this barcode', 'barCodeId', 'NOT_FOUND');
    return { result: { productId: row.id } };
  });
}
