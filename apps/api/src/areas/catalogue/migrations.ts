import { type Migration } from '../area';

/** The catalogue area's tables: shortlists, content JSON, settings and leads. */
export const catalogueMigrations: readonly Migration[] = [
  {
    id: '020_catalogue_wishlist',
    sql: `
      create table wishlist_items (
        owner text not null,
        product_id integer not null references products (id),
        added_at timestamptz not null default now(),
        primary key (owner, product_id)
      );
      create index wishlist_items_owner on wishlist_items (owner, added_at);
    `,
  },
  {
    id: '021_catalogue_content',
    sql: `
      create table content_pages (
        kind text not null,
        name text not null,
        data jsonb not null,
        updated_at timestamptz not null default now(),
        primary key (kind, name)
      );
      create table catalogue_settings (
        key text primary key,
        value jsonb not null
      );
      create table lead_gen (
        id serial primary key,
        session_id text,
        data jsonb not null,
        created_at timestamptz not null default now()
      );
    `,
  },
];
