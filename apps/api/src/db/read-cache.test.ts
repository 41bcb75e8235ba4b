import { openDatabase, STOCK_VERSION, stockWrite, tablesWrittenBy, type Database } from './database';
import { createReadCache } from './read-cache';

describe('tables written by a statement', () => {
  it('names the table of an insert, update or delete, nothing for a read, everything otherwise', () => {
    expect(tablesWrittenBy('select * from products')).toEqual([]);
    // A savepoint is a transaction's bookkeeping: it writes nothing (what runs inside it counts).
    for (const sql of ['savepoint nested_1', 'release savepoint nested_1', 'rollback to savepoint nested_1']) expect(tablesWrittenBy(sql)).toEqual([]);
    expect(tablesWrittenBy('  INSERT INTO wishlist_items (a) values (1)')).toEqual(['wishlist_items']);
    expect(tablesWrittenBy('update products set stock = stock - $2 where id = $1')).toEqual(['products']);
    expect(tablesWrittenBy('delete from "carts" where id = $1')).toEqual(['carts']);
    expect(tablesWrittenBy('with moved as (update carts set x = 1 returning id) select * from moved')).toEqual(['*']);
    // A read through a CTE is a read (issue 39: the one-time-code request's throttle read counted as a write of everything).
    expect(tablesWrittenBy('with recent as (select session_id from account_otps where created_at > now()) select count(*) from recent')).toEqual([]);
    expect(tablesWrittenBy('WITH a AS (select 1) select * from a')).toEqual([]);
    // Anything that may write in it (a data-modifying CTE, a row lock) stays a write of everything.
    expect(tablesWrittenBy('with gone as (delete from carts returning id) select count(*) from gone')).toEqual(['*']);
    expect(tablesWrittenBy('with x as (select id from carts for update) select * from x')).toEqual(['*']);
    expect(tablesWrittenBy('with x as (select 1) insert into carts select * from x')).toEqual(['*']);
    expect(tablesWrittenBy('create table t (id int)')).toEqual(['*']);
  });

  it('counts a stock move as the stock version, not as a write of the products', () => {
    expect(tablesWrittenBy(stockWrite('update products set stock = stock - $2 where id = $1'))).toEqual([STOCK_VERSION]);
    // Any other comment is only a comment.
    expect(tablesWrittenBy('-- why\nupdate products set price = 1')).toEqual(['products']);
  });
});

describe('read cache on a real database', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase();
    await db.exec('create table stock (id int primary key, n int); create table other (id int); insert into stock values (1, 5)');
  });
  afterEach(() => db.close());

  const readStock = async () => (await db.query<{ n: number }>('select n from stock where id = 1'))[0]!.n;

  it('answers from the cache until a table it reads is written, and shares one computation', async () => {
    const read = createReadCache(db, { tables: ['stock', 'other'] });
    const compute = jest.fn(readStock);
    const [a, b] = await Promise.all([read('stock:1', ['stock'], compute), read('stock:1', ['stock'], compute)]);
    expect([a, b]).toEqual([5, 5]);
    expect(compute).toHaveBeenCalledTimes(1);

    await db.query('insert into other values (1)');
    expect(await read('stock:1', ['stock'], compute)).toBe(5);
    expect(compute).toHaveBeenCalledTimes(1);

    await db.query('update stock set n = n - 1 where id = 1');
    expect(await read('stock:1', ['stock'], compute)).toBe(4);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('changes the version again when a transaction ends, so a read taken before its commit is not kept', async () => {
    const before = await db.writeVersion(['stock']);
    let inside = '';
    await db.transaction(async (tx) => {
      await tx.query('update stock set n = 0 where id = 1');
      inside = await db.writeVersion(['stock']);
    });
    expect(inside).not.toBe(before);
    expect(await db.writeVersion(['stock'])).not.toBe(inside);
    expect(await db.writeVersion(['other'])).toBe(before.split('.')[0] + '.0');
    const read = createReadCache(db, { tables: ['stock', 'other'] });
    expect(await read('stock:1', ['stock'], readStock)).toBe(0);
  });

  it('refuses a read of a table it was not made for (its writes would not be watched)', async () => {
    const read = createReadCache(db, { tables: ['other'] });
    await expect(read('stock:1', ['stock'], readStock)).rejects.toThrow('stock not among the tables');
  });

  it('does not keep a failed read', async () => {
    const read = createReadCache(db, { tables: ['stock', 'other'] });
    await expect(read('k', ['stock'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await read('k', ['stock'], readStock)).toBe(5);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const read = createReadCache(db, { max: 2, tables: ['stock'] });
    const compute = jest.fn(readStock);
    await read('a', ['stock'], compute);
    await read('b', ['stock'], compute);
    await read('a', ['stock'], compute);
    await read('c', ['stock'], compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await read('a', ['stock'], compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await read('b', ['stock'], compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
