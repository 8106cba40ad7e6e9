/** How the host's page writes times, ages and counts (es-CL). Money is rules.ts's formatPesos. */

const CLOCK = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `22:41`, in this phone's time zone. */
export function formatClock(iso: string): string {
  return CLOCK.format(new Date(iso));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-21 22:41:05`, this phone's time zone: a date and time every spreadsheet reads. */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `hace 3 s`, `hace 4 min`, `hace 2 h`. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `hace ${seconds} s`;
  if (seconds < 3600) return `hace ${Math.floor(seconds / 60)} min`;
  return `hace ${Math.floor(seconds / 3600)} h`;
}

export function productCount(count: number): string {
  return count === 1 ? '1 producto' : `${count} productos`;
}
