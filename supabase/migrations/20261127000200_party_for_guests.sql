-- What a guest's phone may know of its party: its name, date, payment page and
-- whether it is over, by the code its link carries; and the host's paid mark
-- on the guest's own tab. Nothing else of the party (not its host key, not its
-- other guests) is readable with the anon key.

-- The party a link names, as JSON, or null for an unknown code.
create function public.party_by_code(p_code text)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'code', parties.code,
    'name', parties.name,
    'party_date', parties.party_date,
    'payment_url', parties.payment_url,
    'closed_at', parties.closed_at
  )
  from public.parties
  where parties.code = p_code
$$;
revoke all on function public.party_by_code(text) from public;
grant execute on function public.party_by_code(text) to anon, authenticated, service_role;

-- The host's paid mark on the requesting guest's tab (x-guest-id, in the party
-- x-party-code names), as JSON { paid_amount, paid_at }, or null when unmarked.
create function public.my_paid_mark()
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('paid_amount', marks.paid_amount, 'paid_at', marks.paid_at)
  from public.host_paid_marks as marks
  join public.users on users.id = marks.user_id
  where marks.user_id = public.request_guest_id() and users.party_id = public.request_party_id()
$$;
revoke all on function public.my_paid_mark() from public;
grant execute on function public.my_paid_mark() to anon, authenticated, service_role;
