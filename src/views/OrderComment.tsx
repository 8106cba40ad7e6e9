import type { CommentState } from '../comments/index.ts';

const WAITING_MESSAGE = 'Generando feedback sobre tu pedido, espera unos segundos...';
const OFFLINE_NOTE = 'Sin señal: el comentario llega cuando vuelva la conexión.';

function shownText(comment: CommentState): string {
  switch (comment.phase) {
    case 'waiting':
      return WAITING_MESSAGE;
    case 'offline':
      return OFFLINE_NOTE;
    default:
      return comment.text;
  }
}

/**
 * The waiter's comment on the latest pick. The live region is always in the
 * page, so screen readers announce what appears in it; while the text is still
 * streaming it is busy, so they read the finished comment once, not word by word.
 */
export function OrderComment({ comment }: { readonly comment: CommentState }) {
  const text = shownText(comment);
  const isNote = comment.phase === 'waiting' || comment.phase === 'offline';
  return (
    <div
      // Once a pick has asked for a comment, its room stays: a comment that fails quietly leaves no jump behind.
      className={comment.phase === 'idle' ? 'order-comment' : 'order-comment order-comment-asked'}
      aria-live="polite"
      aria-atomic="true"
      aria-busy={comment.phase === 'streaming'}
    >
      {text !== '' && <p className={isNote ? 'comment-note' : 'comment-text'}>{text}</p>}
    </div>
  );
}
