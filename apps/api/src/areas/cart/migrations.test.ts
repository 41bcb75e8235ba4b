import { createTestApi, type TestApi } from '../../testing/api';

describe('cart area migrations', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('creates the order tables the account area reads', async () => {
    const rows = await api.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_name = any($1) order by table_name`,
      [['orders', 'order_items', 'order_payments', 'order_status_history', 'carts', 'cart_items', 'idempotency_keys']],
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'cart_items',
      'carts',
      'idempotency_keys',
      'order_items',
      'order_payments',
      'order_status_history',
      'orders',
    ]);
  });
});
