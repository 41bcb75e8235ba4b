import { type Migration } from '../area';

/** The product area's tables (block 030-039). */
export const productMigrations: readonly Migration[] = [
  {
    id: '030_product_area',
    sql: `
      -- "Notify me" requests for out-of-stock products (shopping §7 POST out-of-stock subscription).
      create table product_oos_subscriptions (
        id serial primary key,
        product_id integer not null references products (id),
        email text,
        phone text,
        session_id text,
        created_at timestamptz not null default now(),
        notified_at timestamptz
      );
      create unique index product_oos_contact on product_oos_subscriptions (product_id, coalesce(email, ''), coalesce(phone, ''));

      -- Reviews shoppers post get ids far above the seed's, so a re-seed never overwrites them.
      create sequence product_review_ids start 10000000;

      -- Frame-size measurements from face photos (online and in store), kept for the store's
      -- frame-size variant and for support; the photo itself is not kept.
      create table product_frame_size_measurements (
        id serial primary key,
        session_id text,
        customer_id integer,
        store_code text,
        phone text,
        face_width_ratio double precision not null,
        face_width_mm double precision not null,
        frame_size text not null,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '031_product_frame_size_by_landmarks',
    // Issue 43: a measure from the face's landmarks (found in the browser; no photo is sent) has
    // no skin-pixel ratio; it keeps its ruler (iris or pupil distance; 'photo' for the older
    // skin-pixel measure) and the neighbouring class it also fits.
    sql: `
      alter table product_frame_size_measurements alter column face_width_ratio drop not null;
      alter table product_frame_size_measurements add column measured_by text not null default 'photo';
      alter table product_frame_size_measurements add column also_fits text;
    `,
  },
];
