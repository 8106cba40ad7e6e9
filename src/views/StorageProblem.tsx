/** Shown instead of the app when the phone will not let us keep the tab. */
export function StorageProblem() {
  return (
    <section className="card problem" role="alert">
      <h2 className="card-title">No podemos guardar tu cuenta en este teléfono</h2>
      <p>Este navegador no deja guardar datos: puede ser una ventana privada o de incógnito, o que el teléfono se quedó sin espacio.</p>
      <p>Abre esta página en una ventana normal de tu navegador para llevar tu cuenta.</p>
    </section>
  );
}
