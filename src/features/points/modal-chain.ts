/**
 * A confirm closes by going back in history, which lands a moment later; a popup opened
 * before that would be the one the back closes. Awaiting this after a confirm answered
 * yes lets the next popup open on a settled stack.
 */
export function afterModalClosed(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      // The router's own popstate listener runs first; one more tick lets the stack re-render.
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, 500);
    window.addEventListener('popstate', done);
  });
}
