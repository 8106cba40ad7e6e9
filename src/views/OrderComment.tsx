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

const onItsWay = (comment: CommentState) => comment.phase === 'waiting' || comment.phase === 'streaming';

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
      // The comment's room is kept while it is on its way, so the tab below does not jump as the words come;
      // a comment that failed with no words leaves no empty band.
      className={onItsWay(comment) ? 'order-comment order-comment-coming' : 'order-comment'}
      aria-live="polite"
      aria-atomic="true"
      aria-busy={comment.phase === 'streaming'}
    >
      {text !== '' && <p className={isNote ? 'comment-note' : 'comment-text'}>{text}</p>}
    </div>
  );
}
