/** spec 1 §2 /404: the plain 'Error 404' card the location gate sends blocked visitors to. */
export function Error404Card() {
  return (
    <main className="blocked">
      <section className="card blocked__card" aria-labelledby="error-404-title">
        <h1 id="error-404-title">Error 404</h1>
      </section>
    </main>
  );
}
