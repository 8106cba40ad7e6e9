-- Orders name a (name, price) that was ever on THEIR party's list.
--
-- Every party from before party lists (the default 'Fiesta de prueba'
-- included) gets the built-in list (set by 20261128000200_menu.sql) as its
-- current list, and every (name, price) products ever held as its record, so
-- every order it already took stays valid. Then the orders' foreign key moves
-- from products (one list for everyone) to the party's record: an order at a
-- price its party never had, or at another party's dish, is refused with
-- 23503 naming orders_product_on_party_menu (the phone parks it as refused;
-- only orders_user_id_fkey means "send the guest first").

insert into public.party_prices (party_id, name, price, added_at)
select parties.id, products.name, products.price, products.added_at
from public.parties cross join public.products
on conflict do nothing;

insert into public.party_products (party_id, name, price, category, position)
select parties.id, products.name, products.price, products.category, products.menu_position
from public.parties cross join public.products
where products.menu_position is not null
  and not exists (select from public.party_products where party_products.party_id = parties.id);

alter table public.orders drop constraint orders_product_on_menu;
alter table public.orders add constraint orders_product_on_party_menu
  foreign key (party_id, product_name, product_price) references public.party_prices (party_id, name, price) not valid;

-- Validated where it can be: orders kept from before the menu's own foreign key
-- (it was added NOT VALID) stay, and the migration says so.
do $$
begin
  alter table public.orders validate constraint orders_product_on_party_menu;
exception when foreign_key_violation then
  raise warning 'Orders from before orders_product_on_party_menu break it; it holds for every new order.';
end
$$;
