import { type Migration } from '../area';

/** The shell area's tables: header/footer content, the IP location table, the intakes and the remote settings. */
export const SHELL_MIGRATIONS: readonly Migration[] = [
  {
    id: '010_shell',
    sql: `
      -- Server-supplied content of the shell: 'navigation:desktop', 'navigation:mobile', 'footer'.
      create table shell_content (
        key text primary key,
        data jsonb not null,
        updated_at timestamptz not null default now()
      );
      -- Location by IP: the longest matching address prefix gives the visitor's country and city.
      create table shell_ip_locations (
        prefix text primary key,
        country text not null,
        city text not null
      );
      -- UTM intake (the five keys of shopping §9), per session and customer when known.
      create table shell_utm (
        id bigserial primary key,
        session_id text not null,
        customer_id integer,
        country text not null,
        source text, medium text, campaign text, term text, content text,
        received_at timestamptz not null default now()
      );
      create index shell_utm_session on shell_utm (session_id);
      -- 'Enter my power' requests: the shopper asks to be called for their power.
      create table shell_power_requests (
        id bigserial primary key,
        session_id text,
        country text not null,
        phone text not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '011_shell_settings',
    sql: `
      -- Remote settings (the "redis config"): a JSON value per key, for every country ('*') or
      -- for one country code, which then overrides the '*' row there.
      create table shell_settings (
        key text not null,
        country text not null default '*',
        value jsonb not null,
        updated_at timestamptz not null default now(),
        primary key (key, country)
      );
    `,
  },
];
