import { type Migration } from '../area';

/**
 * The account area's tables (block 050-059). Customers are the core table of 001; this area
 * adds credentials, one-time codes, password resets, the simulated outbox, addresses,
 * prescriptions, uploaded files, face profiles, returns and refunds.
 */
export const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    id: '050_account_auth',
    sql: `
      alter table customers add column password_hash text;
      alter table customers add column whatsapp_opt_in boolean;
      alter table customers add column email_verified boolean not null default false;
      create index customers_phone on customers (phone_code, telephone);

      -- The simulated SMS / e-mail notifiers keep what they "send" here (admin listener GET /outbox).
      create table account_outbox (
        id bigserial primary key,
        channel text not null check (channel in ('sms', 'email')),
        recipient text not null,
        subject text,
        body text not null,
        code text,
        created_at timestamptz not null default now()
      );
      create index account_outbox_recipient on account_outbox (recipient, id);

      create table account_otps (
        id bigserial primary key,
        phone_code text not null,
        telephone text not null,
        code_hash text not null,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index account_otps_phone on account_otps (phone_code, telephone, created_at);

      create table account_password_resets (
        token_hash text primary key,
        customer_id integer not null references customers (id),
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '051_account_addresses',
    sql: `
      create table account_addresses (
        id serial primary key,
        customer_id integer not null references customers (id),
        is_default boolean not null default false,
        data jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index account_addresses_customer on account_addresses (customer_id);
    `,
  },
  {
    id: '052_account_prescriptions',
    sql: `
      -- Uploaded files (prescription images, PD photos, face photos), owned by a customer or,
      -- before login, by the guest session that uploaded them.
      create table account_files (
        file_name text primary key,
        customer_id integer references customers (id),
        session_id text,
        purpose text not null,
        content_type text not null,
        size integer not null,
        data bytea not null,
        created_at timestamptz not null default now()
      );
      create table account_prescriptions (
        id serial primary key,
        customer_id integer not null references customers (id),
        power_type text not null,
        data jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz
      );
      create index account_prescriptions_customer on account_prescriptions (customer_id);
    `,
  },
  {
    id: '053_account_face_profiles',
    sql: `
      create table account_face_profiles (
        ditto_id text primary key,
        customer_id integer references customers (id),
        session_id text,
        first_name text not null,
        last_name text,
        image_file text references account_files (file_name),
        is_default boolean not null default false,
        saved boolean not null default false,
        created_at timestamptz not null default now()
      );
      create index account_face_profiles_customer on account_face_profiles (customer_id);
    `,
  },
  {
    id: '054_account_after_sales',
    sql: `
      -- Returns and exchanges of order items (orders are the cart area's tables).
      create table account_returns (
        id serial primary key,
        order_id integer not null references orders (id),
        customer_id integer,
        group_id text not null unique,
        status text not null,
        item_ids integer[] not null,
        return_method text not null,
        mode text not null,
        pickup_address_id integer,
        store_code text,
        refund_method text,
        reasons jsonb not null,
        label_status text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index account_returns_order on account_returns (order_id);

      create table account_refunds (
        id serial primary key,
        order_id integer not null references orders (id),
        item_id integer,
        return_id integer references account_returns (id),
        method text not null,
        amount numeric(12, 2) not null,
        currency text not null,
        status text not null,
        created_at timestamptz not null default now()
      );
      create index account_refunds_order on account_refunds (order_id);

      -- Bank-transfer (NEFT) details a refund of the order is paid to.
      create table account_neft (
        order_id integer primary key references orders (id),
        data jsonb not null,
        updated_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '055_account_item_changes_marketing',
    sql: `
      -- Lens package / power type changes of an order item. A dearer package waits for its
      -- difference, collected by a payment order in the cart area's orders table (paid through
      -- POST /v2/orders/payment like any order); the change is applied once that order is paid.
      create table account_lens_changes (
        id serial primary key,
        order_id integer not null references orders (id),
        item_id integer not null,
        from_package integer,
        to_package integer not null,
        from_power_type text,
        to_power_type text not null,
        amount numeric(12, 2) not null,        -- difference due (0 when not dearer)
        currency text not null,
        payment_order_id integer,              -- orders.id collecting the difference
        status text not null,                  -- PAYMENT_PENDING, APPLIED, CANCELLED
        created_at timestamptz not null default now(),
        applied_at timestamptz
      );
      create index account_lens_changes_item on account_lens_changes (item_id, id);
      create index account_lens_changes_payment on account_lens_changes (payment_order_id);

      -- Power updates proved only by the order's e-mail wait for a code sent to the order's phone.
      create table account_order_otps (
        id serial primary key,
        order_id integer not null references orders (id),
        item_id integer not null,
        prescription jsonb not null,
        recipient text not null,
        code_hash text not null,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index account_order_otps_order on account_order_otps (order_id, id);

      -- Marketing subscription of a customer (or of an e-mail / phone given by a guest).
      create table account_marketing (
        id serial primary key,
        customer_id integer unique,
        email text,
        phone text,
        subscribed boolean not null,
        channels text[] not null,
        updated_at timestamptz not null default now()
      );
      create unique index account_marketing_email on account_marketing (lower(email)) where customer_id is null and email is not null;
    `,
  },
  {
    id: '056_account_refund_ledger',
    sql: `
      -- One refund ledger per order (docs/adr/021): every path that gives money back (item or
      -- order cancellation, a return's refund) writes an account_refunds row and, per item and
      -- per way it was paid, account_refund_lines. What is still refundable for an item is its
      -- share of what was paid minus its lines (refund-ledger.ts), so refunds never exceed it.
      -- status: PENDING (a return's refund, waiting for the goods), INITIATED (to the source or
      -- a bank account, on its way), COMPLETED (store credit, gift voucher, wallet), CANCELLED.
      alter table account_refunds add column kind text not null default 'cancel'; -- cancel, return
      alter table account_refunds add column paid_at timestamptz;                  -- when the money moved
      create table account_refund_lines (
        id serial primary key,
        refund_id integer not null references account_refunds (id),
        order_id integer not null references orders (id),
        item_id integer not null,
        instrument text not null,            -- online, cash, sc, gv, wallet, lens (a lens change's payment order)
        code text,                           -- store credit or gift voucher code given back to (sc, gv)
        amount numeric(12, 2) not null check (amount > 0)
      );
      create index account_refund_lines_order on account_refund_lines (order_id, item_id);
      create index account_refund_lines_refund on account_refund_lines (refund_id);
    `,
  },
  {
    id: '058_account_throttling',
    sql: `
      -- Login, reset e-mail and code-send throttles (throttle.ts), shared by every API process.
      create table account_throttle (
        bucket text not null,
        subject text not null,
        count integer not null,
        window_started_at timestamptz not null,
        last_at timestamptz not null,
        blocked_until timestamptz,
        primary key (bucket, subject)
      );
      -- Who asked for a code: one session or client address sends to a few numbers only.
      alter table account_otps add column session_id text;
      alter table account_otps add column client_address text;
      create index account_otps_session on account_otps (session_id, created_at);
      create index account_otps_client on account_otps (client_address, created_at);
    `,
  },
  {
    id: '057_account_verified_contacts',
    sql: `
      -- docs/adr/020: a phone or e-mail decides which account a login lands in only once it was
      -- verified by a code sent to it. Existing rows start unverified: a mobile login no longer
      -- lands in an account whose phone nobody proved (it makes or finds the verified one), and
      -- an e-mail proves itself by a reset link, a code or a provider's verified claim.
      alter table customers add column phone_verified boolean not null default false;

      -- Provider identities (OpenID Connect issuer + subject) linked to a customer after proof.
      create table customer_identities (
        id serial primary key,
        issuer text not null,
        subject text not null,
        provider text not null,            -- the account type the shopper chose (google, facebook, apple)
        customer_id integer not null references customers (id),
        email text,
        created_at timestamptz not null default now(),
        unique (issuer, subject)
      );
      create index customer_identities_customer on customer_identities (customer_id);

      -- Authorization requests in flight: state (hashed), nonce and PKCE verifier, bound to the session.
      create table account_social_requests (
        state_hash text primary key,
        session_id text not null,
        provider text not null,
        nonce text not null,
        code_verifier text not null,
        redirect_uri text not null,
        return_to text not null,
        country text not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );

      -- A verified provider identity waiting for proof before it is linked (or its account made).
      create table account_social_links (
        id bigserial primary key,
        session_id text not null,
        issuer text not null,
        subject text not null,
        provider text not null,
        email text not null,
        email_verified boolean not null,
        first_name text not null,
        last_name text not null,
        customer_id integer references customers (id),  -- the existing account of that e-mail, if any
        return_to text not null,
        password_attempts integer not null default 0,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index account_social_links_session on account_social_links (session_id, id);

      -- Codes sent to an e-mail or phone to prove it, bound to the address, the session and the
      -- purpose (social-link, merge-email, change-email, change-phone); value is what is applied.
      create table account_contact_codes (
        id bigserial primary key,
        session_id text not null,
        customer_id integer,
        purpose text not null,
        channel text not null check (channel in ('sms', 'email')),
        recipient text not null,
        value text not null,
        code_hash text not null,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        consumed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index account_contact_codes_session on account_contact_codes (session_id, purpose, id);
    `,
  },
  {
    id: '059_account_devices',
    sql: `
      -- Devices that signed in to an account (issue 40, devices.ts): a long-lived httpOnly cookie
      -- holds a random token, kept here only as its hash. A known device of the account keeps its
      -- own password counter and skips the account-wide captcha and block (throttle.ts), so a
      -- stranger's wrong passwords cannot lock the owner out.
      create table account_devices (
        customer_id integer not null references customers (id),
        token_hash text not null,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        primary key (customer_id, token_hash)
      );
      create index account_devices_token on account_devices (token_hash);
    `,
  },
  {
    id: '065_account_outbox_html',
    // The simulated e-mail keeps a message's HTML part beside its text (issue 38: order messages).
    sql: `alter table account_outbox add column html text;`,
  },
  {
    id: '066_account_files_in_object_store',
    sql: `
      -- Uploaded files' bytes move to the object store (docs/adr/044, storage/): a new row names
      -- its object (object_key) and keeps its sha256, and no longer holds the bytes. Rows written
      -- before keep theirs in data and are read from there (expand: a later release copies them
      -- to the store and drops data, once no running release reads it; docs/production.md).
      alter table account_files add column object_key text;
      alter table account_files add column sha256 text;
      alter table account_files alter column data drop not null;
      -- Each row holds its bytes or names its object. Not valid: the rows before all have data,
      -- and checking them would read the whole table under the lock.
      alter table account_files add constraint account_files_bytes_or_object check (data is not null or object_key is not null) not valid;
    `,
  },
  {
    id: '067_account_lens_change_additions',
    // A change to bifocal or progressive lenses carries each eye's ADD power (issue 42), kept with
    // the change until it applies (a dearer one waits for its difference to be paid).
    sql: `alter table account_lens_changes add column additions jsonb;`,
  },
  {
    id: '068_account_face_landmarks',
    // A face profile keeps its face's landmarks (issue 43: pupils, irises, cheekbones, nose; found
    // once in the browser when the photo is saved, @eyewear/face FaceLandmarks) and the size of the
    // photo they refer to; try-on places the frame by them. A profile saved without (older
    // clients) has none, and its try-on is approximate. They go with the profile when it is deleted.
    sql: `
      alter table account_face_profiles add column landmarks jsonb;
      alter table account_face_profiles add column landmarks_image_width integer;
      alter table account_face_profiles add column landmarks_image_height integer;
      alter table account_face_profiles add constraint account_face_profiles_landmarks_sized
        check ((landmarks is null) = (landmarks_image_width is null) and (landmarks is null) = (landmarks_image_height is null));
    `,
  },
];
