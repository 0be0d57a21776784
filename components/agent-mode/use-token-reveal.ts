"use client";

import { useEffect, useRef } from "react";

const TICK_MS = 16;

/**
 * Reveals streamed answer tokens a few per frame. Deltas that arrive in one network chunk (the
 * offline model answers in milliseconds) would otherwise render in a single React update; here
 * each tick shows a tenth of the backlog (at least one token), so the answer visibly builds up
 * and a long backlog is caught up in well under a second. Nothing waits on the server.
 */
export function useTokenReveal(onReveal: (text: string) => void) {
  const queue = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiters = useRef<Array<() => void>>([]);
  const reveal = useRef(onReveal);
  reveal.current = onReveal;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function tick() {
    const q = queue.current;
    if (q.length === 0) {
      timer.current = null;
      for (const w of waiters.current.splice(0)) w();
      return;
    }
    reveal.current(q.splice(0, Math.max(1, Math.ceil(q.length / 10))).join(""));
    timer.current = setTimeout(tick, TICK_MS);
  }

  return {
    push(delta: string) {
      queue.current.push(delta);
      timer.current ??= setTimeout(tick, TICK_MS);
    },
    /** Resolves once every pushed token is shown. */
    drained(): Promise<void> {
      if (queue.current.length === 0 && timer.current === null) return Promise.resolve();
      return new Promise((resolve) => waiters.current.push(resolve));
    },
    /** Drops what is not shown yet (a stopped run). */
    clear() {
      queue.current = [];
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      for (const w of waiters.current.splice(0)) w();
    },
  };
}
