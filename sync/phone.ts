/** Removes everything but digits: what is sent to the server and stored. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Formats a phone number while it is typed or when shown: 010-1234-5678 (hyphens after
 * the 3rd and the 7th digit), 02-123-4567 / 02-1234-5678 for Seoul, 011-123-4567.
 * Shared by the app and the server's exports, so both write a number the same way.
 */
export function formatPhone(text: string): string {
  const d = phoneDigits(text).slice(0, 11);
  if (d.startsWith('02')) {
    if (d.length <= 2) return d;
    if (d.length <= 5) return `${d.slice(0, 2)}-${d.slice(2)}`;
    if (d.length <= 9) return `${d.slice(0, 2)}-${d.slice(2, 5)}-${d.slice(5)}`;
    return `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6, 10)}`;
  }
  if (d.length <= 3) return d;
  if (d.length <= 7) return `${d.slice(0, 3)}-${d.slice(3)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
}
