/**
 * Deno entry of the `comment` Edge Function. On Supabase the port and hostname
 * are ignored; locally `scripts/lib/comment-function.ts` sets PORT.
 */
import { ENV_NAMES } from './settings.ts';
import { createCommentHandler } from './handler.ts';

const env = Object.fromEntries(ENV_NAMES.map((name) => [name, Deno.env.get(name)]));
const handleComment = createCommentHandler({ env });

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000), hostname: '127.0.0.1' }, (request, info) =>
  handleComment(request, { remoteAddr: info.remoteAddr.hostname }),
);
