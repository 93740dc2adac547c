import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTask } from '../charts/index.ts';

/**
 * One chart drawn per browser task (spec: a 50-card dashboard must stay responsive). Card answers arrive close
 * together and TanStack Query hands them to React in one batch: drawn in the same commit, fifty ECharts
 * instances would be created and laid out in one main-thread task of seconds. Instead each chart waits for its
 * turn; a turn is granted in its own task (a macrotask after the previous chart finished drawing), so input and
 * paint get in between charts.
 */

type Grant = () => void;

const waiting: Grant[] = [];
let busy = false;

function grantNext() {
  const next = waiting.shift();
  if (!next) {
    busy = false;
    return;
  }
  busy = true;
  next();
}

/** Asks for a turn; `grant` runs once it is this caller's. Answers a function that gives the turn up early. */
export function requestDrawTurn(grant: Grant): () => void {
  let granted = false;
  const entry = () => {
    granted = true;
    grant();
  };
  waiting.push(entry);
  if (!busy) {
    busy = true;
    nextTask(grantNext);
  }
  return () => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
    else if (granted) finishDrawTurn();
  };
}

/** The chart drawing in the current turn is done: the next one is granted in a task of its own. */
export function finishDrawTurn() {
  nextTask(grantNext);
}

/**
 * Whether the caller may draw now. Once it has drawn, the caller calls `done` (from an effect, after its chart's
 * own effects ran) and the next waiting chart gets its turn; unmounting gives a pending or unfinished turn up.
 * A caller keeps its turn afterwards (later redraws of the same card are single changes). It queues only once
 * `ready` (what it draws with is loaded).
 */
export function useDrawTurn(ready = true): { mayDraw: boolean; done: () => void } {
  const [mayDraw, setMayDraw] = useState(false);
  const turn = useRef({ finished: false, cancel: () => {} });
  useEffect(() => {
    if (!ready) return;
    const current = turn.current;
    current.finished = false;
    current.cancel = requestDrawTurn(() => setMayDraw(true));
    return () => {
      if (current.finished) return;
      current.finished = true;
      current.cancel();
    };
  }, [ready]);
  const done = useCallback(() => {
    if (!mayDraw || turn.current.finished) return;
    turn.current.finished = true;
    finishDrawTurn();
  }, [mayDraw]);
  return { mayDraw, done };
}
