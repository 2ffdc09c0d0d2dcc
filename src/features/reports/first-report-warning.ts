/**
 * Spec §5: before the first report the member confirms a warning about inaccurate reports.
 * Remembered on the device once accepted.
 */
const KEY = 'bt.reportWarningAccepted';

export function reportWarningAccepted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'Y';
  } catch {
    return false;
  }
}

export function acceptReportWarning(): void {
  try {
    localStorage.setItem(KEY, 'Y');
  } catch {
    // Private mode: the warning is shown again next time, which is harmless.
  }
}
