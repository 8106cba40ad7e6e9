import { Component, type ReactNode } from 'react';

interface State {
  readonly failed: boolean;
}

interface Props {
  readonly children: ReactNode;
  /** What is safe whatever broke; the guest's tab by default. */
  readonly kept?: string;
}

/** Last resort: a Spanish message and a way back, never a stack trace or a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="card problem" role="alert">
        <h2 className="card-title">Algo se enredó</h2>
        <p>{this.props.kept ?? 'Tu cuenta sigue guardada en este teléfono.'} Recarga la página para seguir.</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Recargar
        </button>
      </section>
    );
  }
}
