-- What a guest's phone hears at each contact, in one round trip: its party
-- (name, payment page, whether it is over: the default party too, whose code
-- the phone does not know) and the host's paid mark on its own tab.
create function public.my_tab_status()
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'party', (
      select json_build_object('name', parties.name, 'payment_url', parties.payment_url, 'closed_at', parties.closed_at)
      from public.parties where parties.id = public.request_party_id()
    ),
    'paid_mark', public.my_paid_mark()
  )
$$;
revoke all on function public.my_tab_status() from public;
grant execute on function public.my_tab_status() to anon, authenticated, service_role;
