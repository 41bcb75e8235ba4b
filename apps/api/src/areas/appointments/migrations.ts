import { type Migration } from '../area';

/**
 * The appointments area's tables. A slot is held by at most one live appointment (partial
 * unique index), and a home-visit agent by at most one open visit per date and window, so
 * two shoppers cannot take the last place whatever the timing of their requests.
 */
export const appointmentMigrations: readonly Migration[] = [
  {
    id: '060_appointments',
    sql: `
      create table appointment_places (
        country text not null,
        pincode text not null,
        city text not null,
        area text not null,
        lat double precision not null,
        lng double precision not null,
        primary key (country, pincode, area)
      );
      create index appointment_places_pincode on appointment_places (pincode);

      create table appointments (
        id text primary key,
        source text not null check (source in ('STORE', 'STUDIO', 'TYV')),
        store_code text not null references stores (code),
        session_id text not null,
        customer_id integer,
        order_id integer,
        item_id integer,
        name text,
        phone_code text,
        phone text,
        email text,
        slot_date date not null,
        slot_time text not null,
        status text not null check (status in ('BOOKED', 'RESCHEDULED', 'CANCELLED', 'COMPLETED')),
        booked_status text not null default 'new' check (booked_status in ('new', 'reschedule')),
        cancel_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index appointments_one_per_slot on appointments (store_code, slot_date, slot_time)
        where status in ('BOOKED', 'RESCHEDULED');
      create index appointments_session on appointments (session_id);
      create index appointments_customer on appointments (customer_id);

      create table hto_agents (
        id integer primary key,
        store_code text not null references stores (code),
        name text not null,
        phone text not null
      );
      create sequence hto_order_ids start 900001;
      create table hto_orders (
        order_id integer primary key default nextval('hto_order_ids'),
        appointment_id text not null unique,
        session_id text not null,
        customer_id integer,
        country text not null,
        pincode text not null,
        slot_date date not null,
        slot_id text not null,
        agent_id integer not null references hto_agents (id),
        status text not null check (status in ('OPEN', 'CANCELLED', 'COMPLETED')),
        name text not null,
        phone_code text,
        telephone text not null,
        email text,
        address text not null,
        utm jsonb,
        product_ids jsonb,
        cancel_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index hto_one_visit_per_agent on hto_orders (agent_id, slot_date, slot_id) where status = 'OPEN';
      create index hto_orders_session on hto_orders (session_id);
      create index hto_orders_telephone on hto_orders (telephone, created_at desc);

      create table hto_pages (country text primary key, data jsonb not null);
      create table hto_cancel_reasons (id integer primary key, reason text not null unique, position integer not null);
    `,
  },
  {
    // Upcoming bookings are counted per mobile number (booking-caps.ts, issue 40).
    id: '061_appointments_phone',
    sql: `create index appointments_live_phone on appointments (phone) where status in ('BOOKED', 'RESCHEDULED');`,
  },
];
