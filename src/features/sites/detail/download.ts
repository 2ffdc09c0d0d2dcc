/**
 * Saves a picture to the device. Spec §8: image download errors are only logged, the member
 * is not interrupted.
 */
export async function downloadImage(url: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = url.split('/').pop()?.split('?')[0] || 'image';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } catch (err) {
    console.warn('image download failed', url, err);
  }
}
