import { type ApiArea } from './area';
import { accountArea } from './account';
import { appointmentsArea } from './appointments';
import { cartArea } from './cart';
import { catalogueArea } from './catalogue';
import { productArea } from './product';
import { shellArea } from './shell';

export { createHooks, type ApiArea, type AreaHooks, type LoginEvent, type Migration, type Tx } from './area';

/**
 * Every business area of the API. Each owns a folder: its migrations, routes, seed and
 * tests. Migrations of all areas run sorted by id after the core ones (001, 002); each area
 * numbers its own from its block, so a later area can reference an earlier one's tables:
 * shell 010-019, catalogue 020-029, product 030-039, cart 040-049, account 050-059,
 * appointments 060-069 (e.g. `041_cart_orders`).
 */
export const AREAS: readonly ApiArea[] = [shellArea, catalogueArea, productArea, cartArea, accountArea, appointmentsArea];
