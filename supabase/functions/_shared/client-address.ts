/** Who is asking: the first `x-forwarded-for` entry (set by the app's server and Supabase's gateway), else the socket's address. */
export function clientAddress(request: Request, remoteAddr?: string): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || remoteAddr || 'unknown';
}
