import { type Migration } from '../area';

/**
 * The cart area's tables. `orders`, `order_items`, `order_payments` and `order_status_history`
 * are read by the account area (order list, detail, cancel, returns): their columns are
 * commented one by one and only ever extended by a later migration, never changed.
 * Money is numeric(12,2) in the order's currency; every amount is computed by the API.
 */
export const CART_MIGRATIONS: readonly Migration[] = [
  {
    id: '041_cart_orders',
    sql: `
      -- One open cart per owner: a guest session's cart (session_id) or a customer's cart
      -- (customer_id). On login the guest cart's items move into the customer's cart.
      create table carts (
        id serial primary key,
        session_id text,                      -- owner while a guest (sessions.id); null once owned by a customer
        customer_id integer,                  -- owner when logged in (customers.id)
        country text not null,               -- country the prices are in (session country at creation)
        gift_voucher_code text,               -- applied gift voucher (gift_vouchers.code)
        store_credit_code text,               -- applied store credit (store_credits.code)
        store_credit_amount numeric(12, 2),   -- amount of store credit asked for; null = all available
        offer_id text,                        -- applied cart offer (offers.offer_id), the 'implicit' discount
        payment_offer_id text,                -- applied card or payment offer (offers.offer_id)
        payment_offer_bin text,               -- card BIN the payment offer was checked against
        apply_wallet boolean not null default false, -- wallet applied (applyWallet)
        delivery_option text,                 -- chosen delivery option id ('standard' or 'express')
        delivery_pincode text,                -- pincode the delivery option was chosen for
        shipping_address jsonb,               -- checkout address (schemas AddressInput + addressId)
        voucher_message text,                 -- last gift voucher failure message
        store_credit_message text,            -- last store credit failure message
        reorder_id integer,                   -- order this cart was filled from (re-order)
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index carts_session on carts (session_id) where session_id is not null;
      create unique index carts_customer on carts (customer_id) where customer_id is not null;

      create table cart_items (
        id serial primary key,
        cart_id integer not null references carts (id) on delete cascade,
        product_id integer not null references products (id),
        quantity integer not null check (quantity > 0),
        package_id integer,                   -- lens package (lens_packages.id)
        coating_id integer,                   -- coating (coatings.id)
        power_type text,                      -- SINGLE_VISION, ... CONTACT_LENS
        frame_size_id integer,                -- shopping §3 frame size id
        subscription_id integer,              -- contact lens subscription
        is_both_eye boolean,                  -- contact lens: same power both eyes
        prescription jsonb,                   -- schemas Prescription, null when none
        power_later boolean not null default false, -- shopper supplies power later (call/email or at checkout)
        created_at timestamptz not null default now()
      );
      create index cart_items_cart on cart_items (cart_id, id);

      -- Gift vouchers and store credit (account §7 Store credit/vouchers reads these).
      create table gift_vouchers (
        code text primary key,                -- upper case
        currency text not null,
        amount numeric(12, 2) not null,       -- face value
        balance numeric(12, 2) not null,      -- what is left to spend
        expires_at timestamptz not null,
        active boolean not null default true
      );
      create table store_credits (
        code text primary key,                -- upper case
        customer_id integer,                  -- owner; null = usable by whoever holds the code
        currency text not null,
        balance numeric(12, 2) not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create table store_credit_entries (
        id serial primary key,
        code text not null references store_credits (code),
        order_id integer,                     -- order that earned or spent it
        amount numeric(12, 2) not null,       -- positive = credited, negative = spent
        reason text not null,                 -- 'issued', 'order', 'refund'
        created_at timestamptz not null default now()
      );
      create table wallets (
        customer_id integer primary key,      -- a customer's wallet (applyWallet)
        currency text not null,
        balance numeric(12, 2) not null
      );
      create table offers (
        offer_id text primary key,
        kind text not null,                   -- 'cart' (implicit), 'card' (needs a BIN), 'payment' (by method)
        data jsonb not null                   -- schemas Offer plus rules (bins, percent, cap, minimum)
      );

      -- ORDERS. Read by the account area; written here only.
      create table orders (
        id serial primary key,                -- the order number shown to the shopper
        customer_id integer,                  -- owner when placed logged in (customers.id)
        session_id text,                      -- owner session when placed as a guest (sessions.id)
        email text not null,                  -- contact e-mail of the order (guest or customer)
        country text not null,                -- country of the prices
        currency text not null,               -- INR, AED, SGD, SAR, USD
        status text not null,                 -- PENDING_PAYMENT, PLACED, CONFIRMED, SHIPPED, DELIVERED, CANCELLED, CLOSED
        sub_total numeric(12, 2) not null,    -- items before discounts
        total_discount numeric(12, 2) not null, -- sum of discounts
        total_tax numeric(12, 2) not null,    -- tax included in total
        shipping numeric(12, 2) not null,     -- shipping / convenience fee
        total numeric(12, 2) not null,        -- what the shopper pays
        discounts jsonb not null default '[]', -- [{type: implicit|gv|sc|wallet|offer|gold|<brand>, code?, amount}]
        shipping_address jsonb not null,      -- schemas AddressInput (+ addressId when a saved one)
        delivery_option text,                 -- 'standard' or 'express'
        estimated_delivery date,              -- promised delivery date
        gift_message jsonb,                   -- {from, to, message}
        payment_method text not null,         -- cc, dc, upi, cod, nb, qr ... (first payment)
        cod_confirmed boolean,                -- cash on delivery confirmation (null when not COD)
        risk_flag boolean not null default false, -- fraud-check verdict
        lead_source boolean not null default false, -- placed by a presales user
        membership_ends_on date,              -- gold membership end date when the order has the membership
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index orders_customer on orders (customer_id, created_at desc);
      create index orders_session on orders (session_id);

      create table order_items (
        id serial primary key,
        order_id integer not null references orders (id),
        product_id integer not null references products (id),
        name text not null,                   -- name at order time
        sku text not null,
        brand_name text not null,
        classification text not null,         -- eyeframe, sunglasses, contact_lens, ...
        thumbnail text,
        quantity integer not null check (quantity > 0),
        unit_price numeric(12, 2) not null,   -- selling price incl. package and coating, per unit
        total numeric(12, 2) not null,        -- unit_price * quantity
        options jsonb not null default '[]',  -- cart item options [{type, name, oid, catalogPrices}]
        package_id integer,
        coating_id integer,
        power_type text,
        prescription jsonb,                   -- schemas Prescription, null when none (power/prescription)
        power_submission text,                -- self-from-pdp, later-on-checkout-or-call, jit-usecase, power-not-required
        status text not null                  -- current item status (OrderItemStatus)
      );
      create index order_items_order on order_items (order_id, id);

      create table order_payments (
        id text primary key,                  -- payment id (pay_...)
        order_id integer not null references orders (id),
        method text not null,                 -- cc, dc, upi, cod, nb, qr
        amount numeric(12, 2) not null,
        currency text not null,
        status text not null,                 -- PENDING, SUCCESS, FAILED, CANCELLED
        gateway text not null,                -- simulated gateway name
        card_type text,                       -- visa, amex... for cards
        card_last4 text,
        vpa text,                             -- UPI address
        bank_code text,                       -- net banking bank
        polls integer not null default 0,     -- status polls answered (simulated pending state)
        message text,                         -- failure message
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index order_payments_order on order_payments (order_id, created_at);

      create table order_status_history (
        id serial primary key,
        order_id integer not null references orders (id),
        item_id integer,                      -- null = the whole order
        status text not null,                 -- order status or OrderItemStatus
        note text,
        created_at timestamptz not null default now()
      );
      create index order_status_history_order on order_status_history (order_id, created_at);

      -- Exactly-once order placement: one row per (owner, Idempotency-Key).
      create table idempotency_keys (
        owner text not null,                  -- 'c:<customer id>' or 's:<session id>'
        key text not null,
        request_hash text not null,           -- sha256 of the request body
        state text not null,                  -- 'in_flight' or 'done'
        status_code integer,                  -- answer replayed for the same key
        response jsonb,
        created_at timestamptz not null default now(),
        primary key (owner, key)
      );

      create table saved_cards (
        token text primary key,
        customer_id integer not null,
        gateway_id text not null default 'PU',
        card_type text not null,
        last4 text not null,
        bin text not null,                    -- first 6 digits (offers)
        name_on_card text not null,
        expiry_month integer not null,
        expiry_year integer not null,
        created_at timestamptz not null default now()
      );
      create index saved_cards_customer on saved_cards (customer_id);

      create table cart_leads (
        id serial primary key,
        kind text not null,                   -- 'abandoned' or 'hto'
        session_id text,
        cart_id integer,
        email text,
        phone text,
        name text,
        pincode text,
        created_at timestamptz not null default now()
      );

      create table captchas (
        id text primary key,
        answer text not null,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '042_presales',
    sql: `
      -- Sales staff who sign in on a shopper's checkout (pre-sales, shopping §3 "leadSource",
      -- shopping §6 "Sales-staff pre-sales login and dual login"). Seeded with documented test staff.
      create table presales_staff (
        salesman_id text primary key,         -- the sales person's id (letters, digits, hyphen)
        name text not null,                   -- shown on the checkout while signed in
        store_code text,                      -- the store they sell in (stores.code)
        password_hash text not null           -- scrypt$N$salt$hash
      );
      -- A sales person signed in on one shopper session: its orders are presales leads
      -- (orders.lead_source). Follows the shopper's login (afterLogin moves it to the new session).
      create table presales_sessions (
        session_id text primary key,          -- the shopper's session (sessions.id)
        salesman_id text not null references presales_staff (salesman_id),
        customer_email text,                  -- the customer's contact the sales person gave (the lead's)
        customer_phone text,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '043_cart_order_keys',
    sql: `
      -- The Idempotency-Key an order was placed with (its owner as in idempotency_keys): a key
      -- taken over after a crash (idempotency.ts) finds the order the crashed request placed,
      -- and the unique index refuses a second order for one key whatever happens.
      alter table orders add column idempotency_owner text;
      alter table orders add column idempotency_key text;
      create unique index orders_idempotency on orders (idempotency_owner, idempotency_key) where idempotency_key is not null;
      create index orders_pending on orders (created_at) where status = 'PENDING_PAYMENT';
    `,
  },
  {
    id: '044_cart_exchange',
    sql: `
      -- Exchange for a new product (account §4 "Exchange mode"): the returned order item whose
      -- credit this cart is priced with, linked by an add to cart in exchange mode (its
      -- x-exchange-order-id and x-exchange-item-id headers); pricing.ts checks it again each time.
      alter table carts add column exchange_order_id integer;
      alter table carts add column exchange_item_id integer;
    `,
  },
  {
    id: '045_first_frame_guests',
    sql: `
      -- The first-frame offer asks whether a guest's checkout e-mail has ordered before (pricing.ts).
      create index orders_email on orders (lower(email));
      create index customers_email_lower on customers (lower(email));
    `,
  },
  {
    id: '046_cart_unpaid_order_client',
    sql: `
      -- The client address an order was placed from (the edge's X-Forwarded-For, request.ip):
      -- unpaid orders holding stock are bounded per client too, not only per session and
      -- customer (issue 40: fresh guest sessions from one address held a product's last units).
      alter table orders add column client_address text;
      create index orders_pending_client on orders (client_address, created_at) where status = 'PENDING_PAYMENT';
    `,
  },
];
