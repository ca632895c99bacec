/**
 * Responses go out together once the event loop has run the handlers of every request that was ready in
 * its current turn: each handler queues its write, and the queue is written back to back in the check phase
 * (setImmediate) that follows the poll phase, before the loop waits for I/O again. The same idea as
 * uWebSockets' corking per loop iteration and Netty's flush consolidation.
 *
 * Why: written one by one between handlers, each response's socket write wakes a reader that went back to
 * sleep after the previous one (on loopback, a cross-CPU wake-up interrupt taken on the sending CPU); written
 * as a burst, one wake-up serves the burst. On this project's 2-vCPU VM that was most of the cost separating
 * the API from the raw baseline (README Performance: same-run A/Bs, logging on, 0.82–0.92× → 0.95–0.98×).
 * A response waits at most for the rest of its turn's handlers; with one request per turn it leaves at once.
 *
 * A write that throws is a bug in the write path: it is logged as a failed request and its response cut
 * (destroyed); the other writes of the turn go out. Whatever writes on a socket directly calls `writeQueued`
 * first (runtime/ops/client-error.ts).
 */
import type { ServerResponse } from 'node:http';
import { logRequestFailure } from '../ops/logger.ts';
import { requestIdOf } from '../ops/request-id.ts';

const responses: ServerResponse[] = [];
const writes: (() => void)[] = [];
let scheduled = false;

/**
 * Writes every queued response now. For code that writes on a socket outside a response (a raw error
 * for a malformed or CONNECT request that follows others on the same connection): the earlier requests'
 * answers go first, as HTTP/1.1 orders them.
 */
export function writeQueued(): void {
  // A write may queue another (none do today): it goes out in this pass, as the loop reads the length each time.
  for (let i = 0; i < writes.length; i++) {
    try {
      writes[i]!();
    } catch (err) {
      const res = responses[i]!;
      logRequestFailure(res.req, requestIdOf(res.req), err);
      res.destroy();
    }
  }
  responses.length = 0;
  writes.length = 0;
  scheduled = false;
}

/** Runs `write` (which writes `res`) after the handlers of the current event-loop turn. */
export function writeAfterTurn(res: ServerResponse, write: () => void): void {
  responses.push(res);
  writes.push(write);
  if (!scheduled) {
    scheduled = true;
    setImmediate(writeQueued);
  }
}
