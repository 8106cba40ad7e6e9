-- An old price is honoured for a bounded time after it left the party's list
-- (issue 30). party_prices kept every (name, price) with no time, so a price
-- set by mistake and fixed five seconds later stayed orderable all night.
--
-- Now each price records when it left the list (left_at, the server's clock
-- of the change; null while it is on the list), and an order at a price that
-- left more than OLD_PRICE_HOURS (rules.ts: 24) before it arrives is refused
-- (23514 price_gone, which a phone shows as not accepted). The phone's tap
-- time is not trusted for this: a script writes any tap time it likes.

alter table public.party_prices add column left_at timestamptz;
grant update (left_at) on table public.party_prices to service_role;

-- When a price from before left the list nobody knows: its time starts now.
update public.party_prices set left_at = now()
where not exists (
  select from public.party_products
  where party_products.party_id = party_prices.party_id and party_products.name = party_prices.name
    and party_products.price = party_prices.price
);

-- A price on the list is on record, and current again if it had left.
create or replace function public.party_price_on_record() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.party_prices (party_id, name, price) values (new.party_id, new.name, new.price)
  on conflict (party_id, name, price) do update set left_at = null;
  return new;
end
$$;

-- A price leaves the list when its product's name or price changes, or the product goes.
create function public.party_price_left() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or new.name is distinct from old.name or new.price is distinct from old.price then
    update public.party_prices set left_at = now()
    where party_prices.party_id = old.party_id and party_prices.name = old.name and party_prices.price = old.price;
  end if;
  return null;
end
$$;
revoke all on function public.party_price_left() from public;
create trigger party_products_price_left after update of name, price or delete on public.party_products
  for each row execute function public.party_price_left();
