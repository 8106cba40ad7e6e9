-- A comment is owed only for an order the server holds, of a guest it knows.
--
-- Every phone at a bar reaches the function from the bar's one public address.
-- Allowances were taken per guest id and per address before anything was
-- checked, so one script posting comment requests under invented guest ids
-- spent the address's allowance and every honest guest got 429. Now the
-- function first asks whether the order is on the server: an invented guest or
-- order earns nothing and spends nothing, and only real orders draw on the
-- guest's and the address's allowances (take_comment_allowance).
--
-- Answers -1 when the server holds no such order (yet: the phone's sync may
-- still be on its way, so the function asks again for a few seconds), 0 when
-- the comment may go ahead, else the seconds until it may.
create function public.take_order_comment(
  p_guest uuid,
  p_order uuid,
  p_product_name text,
  p_product_price integer,
  p_address text,
  p_capacities integer[],
  p_window_seconds integer
)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  held boolean;
begin
  if p_order is null then
    -- An app from before order ids were sent: the guest must hold an order of this product.
    held := exists (
      select 1 from public.orders
      where orders.user_id = p_guest and orders.product_name = p_product_name and orders.product_price = p_product_price
    );
  else
    held := exists (
      select 1 from public.orders
      where orders.id = p_order and orders.user_id = p_guest
        and orders.product_name = p_product_name and orders.product_price = p_product_price
    );
  end if;
  if not held then
    return -1;
  end if;
  return public.take_comment_allowance(
    array['guest:' || p_guest::text, 'address:' || left(p_address, 200)], p_capacities, p_window_seconds
  );
end
$$;

revoke all on function public.take_order_comment(uuid, uuid, text, integer, text, integer[], integer) from public, anon, authenticated;
grant execute on function public.take_order_comment(uuid, uuid, text, integer, text, integer[], integer) to service_role;
