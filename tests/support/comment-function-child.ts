/**
 * Run as its own Node process by a test: starts the comment function, prints its
 * URL as one JSON line, then waits to be killed. The test kills this process
 * outright and checks the function dies with it.
 */
import { startCommentFunction } from '../../scripts/lib/comment-function.ts';

const running = await startCommentFunction({ port: 0, env: {} });
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
setInterval(() => undefined, 60_000);
