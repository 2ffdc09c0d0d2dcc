let applied = false;

/**
 * The bundled web font's faces (`src/fonts.css`: Pretendard's 92 unicode-range subsets) apply once
 * the first screen is painted, not at start. Applied at start, they put the first screen's subsets
 * in the first paint's path on a first visit (some 160 kB before the splash showed, on a thin link),
 * and the first layout of every screen set each run of text against 92 faces still loading. The
 * system's font shows the first screen (as it did until the subsets came), then the app's font
 * takes over. Once is enough: later calls do nothing.
 */
export function applyWebFont(): void {
  if (applied) return;
  applied = true;
  void import('../fonts.css');
}
