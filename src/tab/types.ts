/** One pick from the bar's list, as the phone keeps it (and later syncs it). */
export interface Order {
  /** UUID made on the phone, so a replayed write is harmless. */
  readonly id: string;
  readonly user_id: string;
  readonly product_name: string;
  readonly product_price: number;
  /** False once the guest resets the tab; orders are never deleted. */
  readonly active: boolean;
  /** ISO time of the tap, from the phone's clock. */
  readonly created_at: string;
}
