/**
 * Runs `task` once the next frame has been painted: for work the screen does not need to appear, so that it starts
 * after the screen is up instead of competing with it. A hidden tab paints no frame, hence the fallback timer.
 * Answers a function that cancels the task if it has not run yet.
 */
export function afterNextPaint(task: () => void, fallbackMs = 1000): () => void {
  let isDone = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    clearTimeout(fallback);
    task();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, fallbackMs);
  return () => {
    isDone = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
