import { Component, type ReactNode } from 'react';

interface State {
  readonly failed: boolean;
}

/** Last resort on the host's page: a Spanish message and a way back, never a blank page. */
export class HostErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="card problem" role="alert">
        <h2 className="card-title">Algo se enredó</h2>
        <p>Las cuentas siguen en el servidor. Recarga la página para seguir.</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Recargar
        </button>
      </section>
    );
  }
}
