/** The place a card names: the district and the neighbourhood ("강서구 염창동"), without the province. */
export function shortPlace(address: string): string {
  const words = address.split(/\s+/).filter(Boolean);
  const start = words.length > 2 && /(도|시)$/.test(words[0] ?? '') ? 1 : 0;
  return words.slice(start, start + 2).join(' ');
}
