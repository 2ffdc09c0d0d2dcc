/**
 * Hands a share link to the customer's messenger: the system share sheet (KakaoTalk, 문자, …)
 * where the browser has one, otherwise the clipboard. 'cancelled' when the agent closed the
 * sheet; 'failed' when neither worked (the popup then shows the link selected to copy by hand).
 */
export type SendResult = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function sendLink({
  url,
  title,
  text,
}: {
  url: string;
  title: string;
  text: string;
}): Promise<SendResult> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared';
    } catch (err) {
      if ((err as Error).name === 'AbortError') return 'cancelled';
      // NotAllowedError (the tap's activation spent on the network call) and the like: copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The share sheet is there to open again from a fresh tap. */
export function canShareSheet(): boolean {
  return typeof navigator.share === 'function';
}
