-- The comment function's rate limits, kept where every instance of the function
-- sees them. On Supabase every cold start and every parallel instance would
-- start with a fresh allowance if the limits lived in the function's memory.
--
-- One row per key ('guest:<id>', 'address:<ip>'), kept as GCRA: `next_free`
-- is when the key's allowance would be whole again. Each comment moves it on
-- by window/capacity; a comment that would move it past now + window is
-- refused. Equivalent to a token bucket of `capacity` refilled over `window`,
-- but one UPSERT per key: the row of a bar's shared address is locked for one
-- statement, not for a read-then-write, so fifty guests at once do not queue.

create table public.comment_allowances (
  key text primary key check (char_length(key) between 1 and 250),
  next_free timestamptz not null
);
-- Finds allowances that are whole again, to forget them.
create index comment_allowances_whole on public.comment_allowances (next_free);

alter table public.comment_allowances enable row level security;
revoke all on table public.comment_allowances from public, anon, authenticated;
grant select, insert, update, delete on table public.comment_allowances to service_role;

-- Takes one comment from each key in order, stopping at the first that has
-- none left (so a refused guest spends none of the shared address's
-- allowance). Answers 0 when the comment may go ahead, else the seconds until
-- it may. One round trip.
create function public.take_comment_allowance(p_keys text[], p_capacities integer[], p_window_seconds integer)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  span interval := make_interval(secs => p_window_seconds);
  step interval;
  taken timestamptz;
begin
  for i in 1 .. coalesce(array_length(p_keys, 1), 0) loop
    step := make_interval(secs => p_window_seconds::double precision / p_capacities[i]);
    insert into public.comment_allowances as kept (key, next_free)
    values (p_keys[i], now() + step)
    on conflict (key) do update set next_free = greatest(kept.next_free, now()) + step
    where greatest(kept.next_free, now()) + step <= now() + span
    returning kept.next_free into taken;
    if taken is null then
      return (
        select greatest(1, ceil(extract(epoch from kept.next_free + step - now() - span)))::integer
        from public.comment_allowances as kept where kept.key = p_keys[i]
      );
    end if;
  end loop;
  -- Now and then, forget allowances that are whole again.
  if random() < 0.05 then
    delete from public.comment_allowances
    where key in (select whole.key from public.comment_allowances as whole where whole.next_free < now() limit 100);
  end if;
  return 0;
end
$$;

revoke all on function public.take_comment_allowance(text[], integer[], integer) from public, anon, authenticated;
grant execute on function public.take_comment_allowance(text[], integer[], integer) to service_role;
