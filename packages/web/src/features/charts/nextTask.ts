/**
 * Runs `run` in a browser task of its own, after the current one (a MessageChannel message: not clamped to 4 ms
 * like nested setTimeout(0)); answers a function that cancels it.
 */
export function nextTask(run: () => void): () => void {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
