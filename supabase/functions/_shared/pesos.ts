/** `$4.400`: peso sign, a dot between thousands, no decimals, as the app shows prices. */
export function formatPesos(amount: number): string {
  const whole = Math.trunc(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole < 0 ? '-' : ''}$${digits}`;
}
