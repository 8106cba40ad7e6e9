-- The menu, in the database: every (name, price) that was ever on the bar's list.
--
-- Rows are never deleted, and a price change adds a row, so an order taken at
-- last month's price stays valid. The rows come from migrations generated from
-- supabase/functions/_shared/menu.ts (`npm run menu:migration`); orders must
-- name one of them (the foreign key in the next migrations).

create table public.products (
  name text not null check (char_length(name) between 1 and 120),
  price integer not null check (price between 1 and 1000000),
  category text not null,
  added_at timestamptz not null default now(),
  primary key (name, price)
);

-- Nobody reaches the menu through the API: the app carries its own copy, and
-- the foreign key's checks run as the table's owner.
alter table public.products enable row level security;
revoke all on table public.products from anon, authenticated;
