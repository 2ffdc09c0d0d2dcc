import { dateTimeFormatter, formatNumber, formatPhone } from '../../lib/format.ts';

/** A draft field's value as one short line, for the conflict table. */
export function formatFieldValue({ field, value }: { field: string; value: unknown }): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    if (field === 'contacts') {
      return value
        .map((c: { f_name?: string; f_phone?: string }) =>
          `${c.f_name ?? ''} ${formatPhone(c.f_phone ?? '')}`.trim(),
        )
        .join(', ');
    }
    if (field === 'dongs') {
      return value
        .map((d: { f_dong?: string; hos?: unknown[] }) => `${d.f_dong ?? ''} (${d.hos?.length ?? 0})`)
        .join(', ');
    }
    if (field === 'rooms') {
      return value
        .map((r: { f_exclusive_size?: number }) => `${formatNumber(r.f_exclusive_size ?? 0)}㎡`)
        .join(', ');
    }
    return value
      .map((item) => (typeof item === 'string' ? (item.split('/').at(-1) ?? item) : JSON.stringify(item)))
      .join(', ');
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** HH:mm in Asia/Seoul, where the member works. */
export function formatTime({ iso, locale }: { iso: string | null; locale: string }): string {
  if (!iso) return '-';
  return dateTimeFormatter(locale === 'ko' ? 'ko-KR' : 'en-GB', {
    timeZone: 'Asia/Seoul',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
