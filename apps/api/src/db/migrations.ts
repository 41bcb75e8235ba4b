/**
 * Schema migrations, in order. Each runs once, in a transaction, recorded in
 * schema_migrations. Never edit a released migration: add the next one.
 */
export const MIGRATIONS: { id: string; sql: string }[] = [
  {
    id: '001_core',
    sql: `
      create table sessions (
        id text primary key,
        customer_id integer,
        country text not null,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        ended_at timestamptz
      );
      create index sessions_customer on sessions (customer_id);

      create table customers (
        id serial primary key,
        first_name text not null,
        last_name text,
        email text unique,
        telephone text,
        phone_code text,
        gender text,
        country text not null default 'in',
        has_placed_order boolean not null default false,
        is_loyalty boolean not null default false,
        cygnus_id text,
        created_at timestamptz not null default now()
      );

      create table countries (
        code text primary key,
        data jsonb not null
      );

      create table telemetry_events (
        id bigserial primary key,
        received_at timestamptz not null default now(),
        session_id text,
        kind text not null,
        remote text not null,
        expose text,
        version text,
        channel text,
        message text not null,
        path text
      );
      create index telemetry_recent on telemetry_events (received_at);
    `,
  },
  {
    id: '002_catalogue',
    sql: `
      create table brands (
        id integer primary key,
        name text not null,
        house boolean not null,
        premium boolean not null
      );
      create table categories (
        id integer primary key,
        name text not null,
        url text not null unique,
        parent_id integer,
        kind text not null,
        data jsonb not null
      );
      create table products (
        id integer primary key,
        sku text not null unique,
        brand_id integer not null references brands (id),
        classification text not null,
        url text not null unique,
        stock integer not null,
        data jsonb not null
      );
      create index products_classification on products (classification);
      create table product_prices (
        product_id integer not null references products (id),
        country text not null,
        currency text not null,
        market_price numeric(12, 2) not null,
        selling_price numeric(12, 2) not null,
        first_buy_price numeric(12, 2),
        primary key (product_id, country)
      );
      create table product_categories (
        product_id integer not null references products (id),
        category_id integer not null references categories (id),
        position integer not null,
        primary key (product_id, category_id)
      );
      create index product_categories_category on product_categories (category_id, position);
      create table lens_packages (
        id integer primary key,
        power_type text not null,
        data jsonb not null
      );
      create table coatings (
        id integer primary key,
        package_id integer not null references lens_packages (id),
        data jsonb not null
      );
      create table contact_lens_powers (
        product_id integer primary key references products (id),
        data jsonb not null
      );
      create table stores (
        code text primary key,
        country text not null,
        city text not null,
        pincode text not null,
        lat double precision not null,
        lng double precision not null,
        data jsonb not null
      );
      create table reviews (
        id integer primary key,
        product_id integer not null references products (id),
        rating integer not null,
        created_at timestamptz not null,
        data jsonb not null
      );
      create index reviews_product on reviews (product_id, created_at desc);
      create table routes (
        url text primary key,
        type text not null,
        target_id text not null
      );
      create table seed_runs (
        version text primary key,
        applied_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '003_upload_quota',
    sql: `
      -- Uploads of shoppers who are not signed in, counted per session (or client address when
      -- there is no session) and UTC day: http/multipart.ts bounds them.
      create table upload_quota (
        subject text not null,
        day date not null,
        files integer not null,
        bytes bigint not null,
        primary key (subject, day)
      );
    `,
  },
  {
    id: '004_write_versions',
    sql: `
      -- What the API instances sharing this server compare to keep their read caches current
      -- (db/database.ts SharedVersions): a row per watched table, bumped after each write.
      create table write_versions (
        table_name text primary key,
        version bigint not null default 0
      );
    `,
  },
  {
    id: '005_imported_stock',
    sql: `
      -- The stock the last catalogue import (or local seed) brought for a product (issue 38): a
      -- new import moves live stock by the difference only, so what was sold or returned since
      -- is kept. Null for rows written before: their live stock is left as it is.
      alter table products add column imported_stock integer;
    `,
  },
  {
    id: '006_customer_messages',
    sql: `
      -- What the store tells a customer about their orders and bookings (issue 38): one row per
      -- event and channel (the unique key makes a double click, a retry or five parallel calls
      -- queue it once), queued in the event's transaction and sent by the worker's message job.
      create table customer_messages (
        id bigserial primary key,
        event_key text not null,              -- order-placed:123, item-cancelled:123:456, booking-reminder:7 ...
        channel text not null check (channel in ('sms', 'email')),
        recipient text not null,
        kind text not null,                   -- messages/events.ts MessageKind
        event jsonb not null,                 -- the facts as they were when it happened
        audience jsonb not null,              -- country, name, e-mail, phone, site URL
        status text not null default 'QUEUED' check (status in ('QUEUED', 'SENT')),
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null default now(),
        sent_at timestamptz,
        unique (event_key, channel)
      );
      create index customer_messages_recipient on customer_messages (lower(recipient), id);
    `,
  },
  {
    id: '007_cache_purges',
    sql: `
      -- The purge outbox (issue 39, docs/adr/048): the cache keys a write changed, one row per
      -- write, inserted in the write's own transaction (db/purges.ts). The edges read it by id
      -- (GET /v2/content/purges?after=) and purge their caches and the shared cache by key;
      -- the sweep deletes rows after a day. The column tx is the writing transaction, so the feed can
      -- hold back a row while a transaction that took a lower id may still commit.
      create table cache_purges (
        id bigserial primary key,
        keys text[] not null,
        tx xid8 not null default pg_current_xact_id(),
        created_at timestamptz not null default now()
      );
      -- The feed reads by id (the primary key); a first read (no after) and the sweep by age.
      create index cache_purges_created_at on cache_purges (created_at);
    `,
  },
];
